const { execSync } = require('child_process');

const timeoutSec = process.argv[2] ? Number(process.argv[2]) : 5;
const out = execSync(`atvremote scan -t ${Number(timeoutSec)}`, { encoding: 'utf8' }); // want "medium SV101: .*built from variables"
const n = parseInt(process.argv[3] || '3', 10);
execSync(`atvremote --repeat ${n} power_state`, { encoding: 'utf8' }); // want "medium SV101: .*built from variables"
console.log(out);
