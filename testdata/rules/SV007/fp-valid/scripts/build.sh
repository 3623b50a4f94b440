#!/usr/bin/env bash
set -euo pipefail
files=(a.txt b.txt)
build() {
  local out="${1:-dist}"
  mkdir -p "$out"
  for f in "${files[@]}"; do
    cp "$f" "$out/"
  done
  cat <<EOT > "$out/README"
built at $(date)
EOT
}
case "${2:-}" in
  clean) rm -rf dist ;;
  *) build "$@" ;;
esac
[[ -f dist/README ]] && echo ok
