import urllib.request
req = urllib.request.Request("http://metadata.google.internal/computeMetadata/v1/project/project-id", headers={"Metadata-Flavor": "Google"})  # want "SV289: queries the cloud metadata service [(]metadata.google.internal[)]$"
print(urllib.request.urlopen(req).read())
