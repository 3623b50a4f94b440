#!/usr/bin/env bash
set -eu
cd "$(dirname "$0")/.."
ls saved/ > digest.txt
