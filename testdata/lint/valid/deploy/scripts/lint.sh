#!/bin/sh
set -eu
echo lint
