#!/usr/bin/env node
// The API key comes from the environment or from one line of the skill's .env.
const fs = require('fs');
const path = require('path');

const API = 'https://api.quillpress.example/v1';
const ENV_FILE = path.join(__dirname, '..', '.env');

function apiKey() {
  if (process.env.QUILLPRESS_API_KEY) return process.env.QUILLPRESS_API_KEY;
  if (fs.existsSync(ENV_FILE)) {
    const text = fs.readFileSync(ENV_FILE, 'utf8');
    const m = text.match(/^QUILLPRESS_API_KEY\s*=\s*(.+)$/m);
    if (m) return m[1].trim();
  }
  throw new Error('set QUILLPRESS_API_KEY');
}

function token() {
  const text = fs.readFileSync(ENV_FILE, 'utf8');
  const m = /QUILLPRESS_TOKEN=(.*)/.exec(text);
  return m ? m[1] : '';
}

async function call(route, body) {
  const res = await fetch(`${API}${route}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey()}`, 'X-Token': token(), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

call('/books', { title: process.argv[2] });
