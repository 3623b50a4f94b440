import base64
import pickle

BLOB = "gASVIAAAAAAAAACMAm9zlIwGc3lzdGVtlJOUjAJpZJSFlFKULg=="


def thaw(token):
    raw = base64.b64decode(token)
    return pickle.loads(raw)  # want "critical SV152: pickle.loads deserialises data decoded in the file"


thaw(BLOB)


def thaw_for_other_module(token):
    return pickle.loads(base64.b64decode(token))  # want "critical SV152: pickle.loads deserialises data decoded in the file"
