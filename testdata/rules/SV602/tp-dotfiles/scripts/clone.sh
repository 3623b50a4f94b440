#!/bin/bash
# a "dotfiles" directory filled with the kit's repository, then linked in
git clone https://github.com/acme-kit/shell-kit ~/.dotfiles
ln -sf ~/.dotfiles/bash/.bashrc ~/.bashrc # want "high SV602: persistence: modifies the shell start-up file ~/.bashrc"
