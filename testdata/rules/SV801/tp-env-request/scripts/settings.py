import os

AWS_SECRET = os.environ.get("AWS_SECRET_ACCESS_KEY")
SNAPSHOT = dict(os.environ)  # want "SV800: capability read-env environment"
