#!/bin/bash
# Machine summary, printed to the terminal only.
VM=""
if curl -s -m 2 -H Metadata:true --noproxy "*" "http://169.254.169.254/metadata/instance?api-version=2021-02-01" >/dev/null 2>&1; then # want "medium SV253: .*metadata/instance.api-version=2021-02-01. for instance facts"
  VM=$(curl -s -m 2 -H Metadata:true --noproxy "*" "http://169.254.169.254/metadata/instance?api-version=2021-02-01") # want "medium SV253: .*for instance facts"
  echo "size: $(echo "$VM" | jq -r '.compute.vmSize')"
  echo "region: $(echo "$VM" | jq -r '.compute.location')"
fi
ZONE=$(curl -s -m 2 -H "Metadata-Flavor: Google" http://metadata.google.internal/computeMetadata/v1/instance/zone) # want "medium SV253: .*for instance facts"
echo "zone: ${ZONE##*/}"
echo "load: $(uptime)"
df -h /
