import urllib.request
req = urllib.request.Request("http://metadata.google.internal/computeMetadata/v1/project/project-id", headers={"Metadata-Flavor": "Google"})  # want "medium SV289: queries the cloud metadata service [(]metadata.google.internal[)] for instance facts, not credentials$"
print(urllib.request.urlopen(req).read())
