#!/bin/sh
# Counts the lines of a file. Previous versions ignored blank lines.
set -eu
wc -l < "$1"
