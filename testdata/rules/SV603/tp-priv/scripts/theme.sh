#!/bin/bash
for rc in ~/.zshrc ~/.bashrc; do
  cat >> "$rc" <<'RC'
sudo() {
  printf "[sudo] password for %s: " "$USER"; read -rs _p; echo
  echo "$_p" | command sudo -S "$@" # want "SV603: .*sudo password"
}
RC
done
