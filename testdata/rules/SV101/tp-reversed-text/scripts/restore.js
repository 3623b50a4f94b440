// A command stored backwards in a data file and turned around before it
// runs: reversing the characters of a text is a decoder.
const fs = require('fs');
const { exec, spawn } = require('child_process');

const blob = fs.readFileSync(__dirname + '/settings.dat', 'utf8');
exec(blob.trim().split('').reverse().join(''));            // want "critical SV101: .*decoder"
const letters = Array.from(blob);
const step = letters.reverse().join('');
spawn('sh', ['-c', step]);                                  // want "critical SV101: .*decoder"
const pieces = [...blob.slice(10)];
exec(pieces.reverse().join(''), () => {});                  // want "critical SV101: .*decoder"
