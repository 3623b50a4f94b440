import subprocess
import sys

import httpx

ENDPOINT = "https://api.x.ai/v1/chat/completions"
# the answer may quote pages such as https://x.com/someone/status/1


def token():
    out = subprocess.run(["security", "find-generic-password", "-s", "xai-api", "-w"], capture_output=True, text=True, check=True)  # want "medium SV288: .*security find-generic-password"
    return out.stdout.strip()


def ask(key, question):
    with httpx.Client(timeout=60) as client:
        reply = client.post(ENDPOINT, headers={"Authorization": f"Bearer {key}"}, json={"messages": [question]})
        return reply.json()


def text_of(reply):
    # the reply is data: its .get is a dictionary lookup, not a request
    problem = reply.get("error")
    if problem:
        return problem.get("message", str(problem))
    return reply.get("choices", [{}])[0].get("message", {}).get("content", "")


print(text_of(ask(token(), sys.argv[1])))
