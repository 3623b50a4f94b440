import { execSync } from 'node:child_process';
import { join } from 'node:path';

// the output file a browser API writes, then opened for the user
const out = process.argv[2] || 'shot.png';
await page.screenshot({ path: out, fullPage: true });
execSync(`open "${out}"`); // want "medium SV101: .*file path from the script's arguments"

// a name the script builds a directory path from
const project = process.argv[3];
const sub = `packages/${project}/src`;
console.log(join(process.cwd(), sub));
execSync(`bash -lc "ls packages/${project}"`); // want "medium SV101: .*file path"
