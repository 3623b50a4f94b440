import requests


def complete(prompt, key):
    return requests.post("https://api.openai.com/v1/responses", headers={"Authorization": "Bearer " + key}, json={"input": prompt})
