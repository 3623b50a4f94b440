#!/usr/bin/env bash
# Builds skillvet from the action's own checkout (the ref the workflow
# pinned) into $SKILLVET_BIN_DIR, in isolation: the exact Go toolchain
# go.mod names is selected for this command only (GOTOOLCHAIN), modules and
# build cache live under $RUNNER_TEMP and are removed afterwards, and
# nothing is added to the caller's PATH or environment.
set -euo pipefail
: "${GITHUB_ACTION_PATH:?}" "${RUNNER_TEMP:?}" "${SKILLVET_BIN_DIR:?}" "${SKILLVET_GO_VERSION:?}"
work=$(mktemp -d "$RUNNER_TEMP/skillvet-build.XXXXXX")
cleanup() { chmod -R u+w "$work" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$SKILLVET_BIN_DIR"
# SKILLVET_GOMODCACHE and SKILLVET_GOCACHE let a local test reuse warm caches.
(cd "$GITHUB_ACTION_PATH" &&
  GOTOOLCHAIN="go$SKILLVET_GO_VERSION" GOMODCACHE="${SKILLVET_GOMODCACHE:-$work/mod}" GOCACHE="${SKILLVET_GOCACHE:-$work/cache}" \
    GOFLAGS="-mod=readonly -modcacherw -buildvcs=false" CGO_ENABLED=0 \
    go build -trimpath -o "$SKILLVET_BIN_DIR/skillvet.tmp" ./cmd/skillvet)
mv "$SKILLVET_BIN_DIR/skillvet.tmp" "$SKILLVET_BIN_DIR/skillvet"
"$SKILLVET_BIN_DIR/skillvet" version
