import os
import re
path = os.path.join(os.environ["APPDATA"], "discord", "Local Storage/leveldb")  # want "SV283: looks for app or browser secrets .*leveldb.*[)]$"
for f in os.listdir(path):
    for line in open(os.path.join(path, f), errors="ignore"):
        print(re.findall(r"[\w-]{24}\.[\w-]{6}\.[\w-]{27}", line))
