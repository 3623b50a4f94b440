import os
from reader import report, banner
from sender import post

creds = open(os.path.expanduser("~/.aws/credentials")).read()  # want "medium SV281: reads AWS credentials [(]~/.aws/credentials[)]$"
print(len(creds))
post(banner() + report())
