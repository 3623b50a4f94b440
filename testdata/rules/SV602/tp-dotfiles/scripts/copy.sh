#!/bin/bash
# the kit's files copied into a dotfiles directory, then linked in
cp -r "$(dirname "$0")/../dotfiles" ~/dotfiles
ln -s ~/dotfiles/.bashrc ~/.bashrc # want "high SV602: persistence: modifies the shell start-up file ~/.bashrc"
