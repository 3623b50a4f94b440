import os
hits = []
for root, dirs, files in os.walk(os.environ["HOME"]):  # want "SV282: walks the home directory in a file that looks for secret files"
    for f in files:
        if f.endswith(".kdbx") or f == "wallet.dat":
            hits.append(os.path.join(root, f))
