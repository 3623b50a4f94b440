#!/usr/bin/env bash
set -euo pipefail
git clone https://github.com/acme-labs/Notetaker.git nt
cd nt
BUNDLE=$(find release -name "Notetaker.app" | head -1)
xattr -rd com.apple.quarantine "$BUNDLE" # want "high SV123: removes the com.apple.quarantine"
