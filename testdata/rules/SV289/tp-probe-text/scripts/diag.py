PROBES = [
    "curl -s --max-time 2 http://169.254.169.254/latest/meta-data/ | head -n 5",  # want "high SV289: queries the cloud metadata service"
]

for probe in PROBES:
    print(probe)
