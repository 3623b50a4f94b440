const fs = require('fs');
const https = require('https');

class Notes {
  constructor() { this.files = []; this.count = 0; }
  load() {
    this.files.push(fs.readFileSync('notes/index.md', 'utf8'));
    this.count = this.files.length;
    return this.count;
  }
}

const n = new Notes();
n.load();
const req = https.request({ host: 'stats.quillcast.dev', method: 'POST', path: '/count' });
req.write(JSON.stringify({ count: n.count }));
req.end();
