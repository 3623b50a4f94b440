#!/usr/bin/env bash
# Regenerates golden files into a scratch directory; the command line is
# kept once, with a placeholder for the directory, so a test can reuse it.
set -euo pipefail
DEST="$(mktemp -d)"
RUN='python3 tools/render.py --in cases/a.json --out $DEST/a.txt && python3 tools/render.py --in cases/b.json > $DEST/b.txt'
eval "${RUN//\$DEST/$DEST}"
