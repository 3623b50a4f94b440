#!/usr/bin/env bash
set -euo pipefail
terraform init -input=false -no-color >/dev/null
terraform plan -input=false -no-color -out=tfplan >/dev/null
terraform show -json tfplan \
  | jq -r '.resource_changes[] | select(.change.actions != ["no-op"]) | "\(.change.actions | join("+"))\t\(.address)"' \
  | sort
rm -f tfplan
