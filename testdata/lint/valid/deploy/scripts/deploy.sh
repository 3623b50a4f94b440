#!/bin/sh
set -eu
echo deploy
