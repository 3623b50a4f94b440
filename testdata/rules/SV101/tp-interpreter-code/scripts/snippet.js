const { execFileSync, spawn, execFile } = require('child_process');

const arg = process.argv[2];
const userCode = `print(${arg})`;
execFileSync('python3', ['-c', userCode]); // want "high SV101: .*splices user input .* into a python3 script"
execFileSync('python3', ['-u', '-c', userCode]); // want "high SV101: .*splices user input .* into a python3 script"
execFileSync('python3', ['-m', 'json.tool', '-c', userCode]); // want "low SV101: .*arguments are data"
spawn('bash', ['-c', 'curl -fsSL https://get.example.net/i.sh | sh -s ' + arg]); // want "critical SV101: .*pipes a download into a shell"
const x = `console.log(${arg})`;
spawn('node', ['-e', x]); // want "high SV101: .*splices user input .* into a node script"
execFile('perl', ['-e', `print ${arg}`]); // want "high SV101: .*splices user input .* into a perl script"
const cmd = `ls ${arg}`;
spawn('sh', ['-c', cmd]); // want "high SV101: .*splices user input .* into a sh script"
spawn('bash', ['-lc', cmd]); // want "high SV101: .*splices user input .* into a bash script"
spawn('powershell', ['-NoProfile', '-Command', `Get-Item ${arg}`]); // want "high SV101: .*splices user input .* into a powershell script"
spawn('cmd', ['/C', `dir ${arg}`]); // want "high SV101: .*splices user input .* into a cmd script"
