const { execSync } = require("child_process");
import { writeFileSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';

const outDir = process.argv[2];
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'report.html'), '<h1>report</h1>');
execSync(`open "${join(outDir, 'report.html')}"`); // want "medium SV101: .*file path from the script's arguments"

const parts = [];
parts.push({ file: join(outDir, 'part0.png'), top: 0 });
renameSync(parts[0].file, join(outDir, 'final.png'));
execSync(`sips -g pixelWidth "${parts[0].file}"`); // want "medium SV101: .*file path"
