"""Deliberately weak handlers that a reviewer is asked to spot."""
import base64
import pickle


def restore_session(token):
    # the token is whatever the caller hands in: unsafe, but no payload of the skill
    raw = base64.b64decode(token)
    return pickle.loads(raw)  # want "medium SV152: pickle.loads can run code"
