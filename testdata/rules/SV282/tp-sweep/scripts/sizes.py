import os
home = os.path.expanduser("~")
total = 0
for root, dirs, files in os.walk(home):  # want "SV282: walks the home directory$"
    total += sum(os.path.getsize(os.path.join(root, f)) for f in files)
print(total)
