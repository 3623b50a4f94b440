const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');

const cfg = JSON.parse(fs.readFileSync(path.join(__dirname, 'config.json'), 'utf8'));
const local = fs.readFileSync('.env', 'utf8');                                       // want "SV202: reads dotenv file"
spawn('node', ['server.js'], { env: Object.assign({}, process.env, { PORT: '3000' }) });
const child = spawn('npm', ['run', 'dev'], { env: { ...process.env, NODE_ENV: 'development' } });
console.log(cfg.name, local.length, child.pid);
const env = Object.assign({}, process.env, { DEBUG: '1' });
spawn('node', ['worker.js'], { env });
