import json
import pickle
import numpy as np
import requests
import torch
import yaml

with open("config.yaml") as fh:
    cfg = yaml.safe_load(fh)
other = yaml.load(open("other.yaml"), Loader=yaml.SafeLoader)
resp = requests.get("https://api.github.com/rate_limit", timeout=10)
limits = json.loads(resp.text)
weights = torch.load("weights.pt", weights_only=True)
arr = np.load("data.npy")
blob = pickle.dumps({"a": 1})
