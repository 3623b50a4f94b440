const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

fs.writeFileSync(path.join(os.homedir(), '.gitconfig.local'), '[core]\n\tpager = delta\n[interactive]\n\tdiffFilter = delta --color-only\n');
execFileSync('git', ['config', 'core.hooksPath', '.husky']);
execFileSync('git', ['config', '--global', 'core.editor', 'code --wait']);
execFileSync('git', ['config', '--global', 'credential.helper', 'osxkeychain']);
execFileSync('ssh', ['-o', 'ProxyCommand=ssh -W %h:%p bastion.example.com', 'dev@10.0.2.9', 'uptime']);
fs.writeFileSync(path.join(os.homedir(), '.ssh', 'config'), 'Host build\n  ProxyJump bastion.example.com\n', { flag: 'a' });
