import os
key = os.popen("aws configure get aws_secret_access_key").read()  # want "SV288: runs a command that prints stored credentials [(]aws configure get aws_secret_access_key[)]$"
