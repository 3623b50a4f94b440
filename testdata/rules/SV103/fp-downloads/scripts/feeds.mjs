// Downloads handed to programs as data, and a token file locked down.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, execSync, spawnSync } from 'node:child_process';

const dir = path.join(os.tmpdir(), 'transit');
const zip = path.join(dir, 'feed.zip');
const res = await fetch('https://transit.example.org/gtfs.zip');
fs.writeFileSync(zip, Buffer.from(await res.arrayBuffer()));
execFileSync('unzip', ['-o', zip, '-d', dir], { stdio: 'pipe' });
execSync(`unzip -o "${zip}" -d "${dir}"`);
execSync('tar -xzf ' + zip + ' -C ' + dir);
spawnSync('ffmpeg', ['-i', zip, '-f', 'null', '-']);

const TOKEN_FILE = path.join(os.homedir(), '.transit', 'token.json');
const tok = await fetch('https://transit.example.org/oauth/token', { method: 'POST' });
fs.writeFileSync(TOKEN_FILE, await tok.text());
fs.chmodSync(TOKEN_FILE, 0o600);
fs.chmodSync(TOKEN_FILE, '644');
