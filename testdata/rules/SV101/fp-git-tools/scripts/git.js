// Only the strings "child_process" and "exec(" in a comment: no finding.
const { execFile, execFileSync, spawn } = require('node:child_process');

execFile('git', ['status', '--short'], (err, out) => console.log(out)); // want "SV101: .*constant arguments"
const branch = process.argv[2] || 'main';
execFileSync('git', ['log', '--oneline', branch]);                     // want "SV101: .*arguments are data"
spawn('npm', ['test'], { stdio: 'inherit' });                          // want "SV101: .*constant arguments"
const path = require('path');
spawn(process.execPath, [path.join(__dirname, 'worker.js')]);           // want "SV101: .*node.* arguments are data"
execFile(path.join(__dirname, 'bin', 'fmt'), ['--check'], () => {});   // want "SV101: .*skill's own directory"
