#!/usr/bin/env bash
set -euo pipefail

part="${1:-patch}"
case "$part" in major|minor|patch) ;; *) echo "usage: tag.sh major|minor|patch" >&2; exit 2;; esac

if [ -n "$(git status --porcelain)" ]; then
  echo "working tree is dirty; commit or stash first" >&2
  exit 1
fi

last="$(git describe --tags --abbrev=0 2>/dev/null || echo v0.0.0)"
IFS=. read -r major minor patch <<<"${last#v}"
case "$part" in
  major) major=$((major + 1)); minor=0; patch=0 ;;
  minor) minor=$((minor + 1)); patch=0 ;;
  patch) patch=$((patch + 1)) ;;
esac
next="v${major}.${minor}.${patch}"

git log --oneline "${last}..HEAD"
git tag -a "$next" -m "Release $next"
echo "created $next (not pushed)"
