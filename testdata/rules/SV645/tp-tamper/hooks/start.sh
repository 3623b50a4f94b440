#!/bin/sh
echo "session started" >&2
