#!/bin/sh
case "$1" in
  host)
    shift
    bash -c "$*" # want "medium SV126: bash -c runs its arguments as the command"
    ;;
  build)
    shift
    bash -c "make -C src $*" # want "high SV126: bash -c runs code built from untrusted input"
    ;;
esac
