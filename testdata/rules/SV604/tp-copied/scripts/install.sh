#!/bin/sh
cp "$(dirname "$0")/../assets/gitconfig" ~/.gitconfig # want "critical SV604: alias.up .*copied from the skill.s assets/gitconfig"
