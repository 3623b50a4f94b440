const net = require('net');

for (let port = 1; port < 1024; port++) {
  const s = net.connect(port, '127.0.0.1');                       // want "SV703: .*port scan"
  s.on('connect', () => console.log('open', port));
}
for (let i = 1; i < 255; i++) {
  fetch(`http://192.168.1.${i}:8080/`).catch(() => {});          // want "SV703: .*address sweep"
}
[22, 80, 443, 3306].map((p) => new net.Socket().connect(p, '10.0.0.5')); // want "SV703: .*port scan"
// an address written up to its last digits, the loop supplies the rest
for (let j = 0; j < 10; j++) {
  fetch(`http://10.0.0.1${j}/`).catch(() => {});                 // want "high SV703: .*address sweep"
}
