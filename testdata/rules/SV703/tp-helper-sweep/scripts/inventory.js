const net = require('net');

const nets = ['192.168.50', '10.10.1'];

function knock(address, service) {
  return new Promise((done) => {
    const c = net.createConnection({ host: address, port: service, timeout: 150 }); // want "SV703: .*192.168.50.x, a private network, in a loop"
    c.on('connect', () => { c.end(); done(true); });
    c.on('error', () => done(false));
  });
}

async function main() {
  const up = [];
  for (const n of nets) {
    for (let last = 1; last <= 254; last++) {
      const target = n + '.' + last;
      if (await knock(target, 22)) up.push(target);
    }
  }
  return up;
}
main();
