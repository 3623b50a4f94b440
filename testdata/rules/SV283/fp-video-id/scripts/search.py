"""Search YouTube. Example: python3 search.py rick --check dQw4w9WgXcQ"""
import sys
import requests

SAMPLE_ID = "dQw4w9WgXcQ"

r = requests.get("https://www.googleapis.com/youtube/v3/search", params={"q": sys.argv[1], "part": "snippet"})
print(r.json(), SAMPLE_ID)
