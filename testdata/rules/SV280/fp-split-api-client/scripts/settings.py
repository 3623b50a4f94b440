import os


def api_key():
    return os.environ["OPENAI_API_KEY"]
