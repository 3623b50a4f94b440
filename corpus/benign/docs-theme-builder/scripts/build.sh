#!/usr/bin/env bash
set -euo pipefail
theme=${1:-vendor/theme}
mkdir -p site
for f in docs/*.md; do
  pandoc "$f" --template "$theme/page.html" -o "site/$(basename "${f%.md}").html"
done
echo "built $(ls site | wc -l) pages"
