#!/bin/sh
set -eu
echo guard
