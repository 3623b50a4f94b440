const { execFileSync, spawn, execFile } = require('child_process');
const path = require('path');

const args = process.argv.slice(2);
const zipPath = args[0].endsWith('.zip') ? args[0] : `${args[0]}.zip`;
const dest = `${args[1]}/unpacked`;
// -e is the zipfile module's own option: after -m the words are its argv
execFileSync('python3', ['-m', 'zipfile', '-e', zipPath, dest], { stdio: 'inherit' }); // want "low SV101: .*arguments are data"
const cfg = `${args[2]}.yaml`;
execFileSync('python3', ['-m', 'archivetool', '-c', cfg, zipPath]); // want "low SV101: .*arguments are data"
// the -c, -e and -Command after the script belong to the script
spawn('python3', ['tools/check.py', '-c', cfg]); // want "low SV101: .*arguments are data"
spawn('python3', [path.join(__dirname, 'report.py'), '-c', cfg]); // want "low SV101: .*arguments are data"
spawn('node', ['lib/list.js', '-e', dest]); // want "low SV101: .*arguments are data"
execFile('perl', ['tools/rename.pl', '-e', dest]); // want "low SV101: .*arguments are data"
spawn('bash', ['scripts/extract.sh', '-c', zipPath]); // want "low SV101: .*arguments are data"
spawn('pwsh', ['scripts/extract.ps1', '-Command', dest]); // want "low SV101: .*arguments are data"
// python has no -e flag; node's -c checks a file's syntax
spawn('python3', ['-e', dest]); // want "low SV101: .*arguments are data"
spawn('node', ['-c', dest]); // want "low SV101: .*arguments are data"
