#!/bin/bash
# Waits until a TCP port accepts connections (bash /dev/tcp probe, read-only).
until nc -z "$1" "$2"; do sleep 1; done
echo "port open"
