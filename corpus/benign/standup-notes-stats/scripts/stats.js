#!/usr/bin/env node
const fs = require('fs');
const os = require('os');
const path = require('path');
const https = require('https');

class Stats {
  constructor() {
    this.files = [];
    this.token = '';
  }

  load() {
    this.files = fs.readdirSync(path.join(process.cwd(), 'notes'));
    // the dashboard token lives in the user's config for this tool
    this.token = fs.readFileSync(path.join(os.homedir(), '.config', 'standup-stats', 'token'), 'utf8').trim();
    return this.files.length;
  }
}

const s = new Stats();
const count = s.load();
const req = https.request({
  host: 'standup-stats.quillcast.dev', path: '/v1/count', method: 'POST',
  headers: { Authorization: `Bearer ${s.token}` },
});
req.end(JSON.stringify({ count }));
