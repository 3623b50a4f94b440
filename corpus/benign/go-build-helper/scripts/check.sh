#!/usr/bin/env bash
set -euo pipefail

unformatted="$(gofmt -l .)"
if [ -n "$unformatted" ]; then
  echo "gofmt needed:"; echo "$unformatted"; exit 1
fi
go vet ./...
go test -race -count=1 ./...

if [ "${1:-}" = release ]; then
  mkdir -p dist
  for target in linux/amd64 linux/arm64 darwin/arm64 windows/amd64; do
    os="${target%/*}"; arch="${target#*/}"
    ext=""; [ "$os" = windows ] && ext=".exe"
    GOOS="$os" GOARCH="$arch" CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o "dist/app-${os}-${arch}${ext}" .
  done
  ls -l dist
fi
