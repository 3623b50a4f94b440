import os
import yaml

with open(os.path.expanduser("~/.kube/config")) as fh:  # want "SV281: reads Kubernetes config .*kube/config[)]$"
    cfg = yaml.safe_load(fh)
print(cfg["current-context"])
