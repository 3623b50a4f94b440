const express = require('express');
const http = require('http');
const net = require('net');

const app = express();
app.get('/health', (req, res) => res.json({ ok: true }));
app.listen(3000, '127.0.0.1');

http.get('http://localhost:9222/json/version', (res) => res.resume());
net.connect(5432, '127.0.0.1');
net.connect({ host: 'db.internal', port: 6379 });
fetch('https://api.github.com/repos/nodejs/node');
new WebSocket('ws://localhost:9222/devtools/browser/abc');
