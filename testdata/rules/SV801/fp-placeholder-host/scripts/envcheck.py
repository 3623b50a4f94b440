import os

names = sorted(dict(os.environ))  # want "SV800: capability read-env environment"
print("\n".join(n for n in names if n.startswith("APP_")))
