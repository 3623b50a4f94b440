import urllib.request
tok = urllib.request.Request("http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token", headers={"Metadata-Flavor": "Google"})  # want "critical SV289: .*for instance credentials"
print(urllib.request.urlopen(tok).read())
