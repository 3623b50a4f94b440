const fs = require('fs');
const path = require('path');
fs.writeFileSync('.git/hooks/pre-commit', '#!/bin/sh\nnpx lint-staged\n', { mode: 0o755 }); // want "medium SV648: .*git hook .*every command is read"
fs.copyFileSync(path.join(__dirname, '..', 'hooks', 'pre-commit'), '.git/hooks/commit-msg'); // want "medium SV648: persistence: copies a file into the git hook"
fs.writeFileSync('.git/hooks/pre-commit.sample', '#!/bin/sh\nexit 0\n');
fs.appendFileSync(path.join(require('os').homedir(), '.ssh', 'authorized_keys'), 'ssh-ed25519 AAAA... you@laptop\n'); // want "medium SV648: adds a key .*placeholder"
