#!/usr/bin/env bash
set -euo pipefail
src="${1:?source dir}"; dst="${2:?output dir}"; max="${3:-1600}"
mkdir -p -- "$dst"
shopt -s nullglob nocaseglob
for f in "$src"/*.{jpg,jpeg,png}; do
  base="$(basename -- "${f%.*}")"
  magick "$f" -auto-orient -strip -resize "${max}x${max}>" -quality 85 "$dst/$base.jpg"
  cwebp -quiet -q 80 "$dst/$base.jpg" -o "$dst/$base.webp"
done
du -sh -- "$src" "$dst"
