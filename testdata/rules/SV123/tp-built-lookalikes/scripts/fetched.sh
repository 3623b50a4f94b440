#!/usr/bin/env bash
set -euo pipefail
git clone https://github.com/acme-labs/Notetaker.git nt
cd nt
npm run build
curl -fsSL -o release/helper.zip https://dl.notetaker-cdn.example.net/helper.zip
unzip -o release/helper.zip -d release
BUNDLE=$(find release -name "Helper.app" | head -1)
xattr -rd com.apple.quarantine "$BUNDLE" # want "high SV123: removes the com.apple.quarantine"
