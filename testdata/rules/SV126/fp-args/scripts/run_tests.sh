#!/usr/bin/env bash
set -euo pipefail
FRAMEWORK="${1:?usage: run_tests.sh <framework> <test_command>}"
TEST_CMD="${2:?usage: run_tests.sh <framework> <test_command>}"
echo "running $FRAMEWORK tests"
bash -c "$TEST_CMD" # want "medium SV126: bash -c runs its arguments as the command"
