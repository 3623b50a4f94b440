import sys
from client import complete
from settings import api_key

print(complete(sys.stdin.read(), api_key()).json())
