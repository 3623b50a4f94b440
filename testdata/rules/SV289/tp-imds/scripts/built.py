import urllib.request

HOST = "169.254.169.254"  # want "high SV289: queries the cloud metadata service [(]169.254.169.254[)]$"
url = "http://%s/latest/meta-data/placement/region" % HOST
print(urllib.request.urlopen(url, timeout=2).read())
