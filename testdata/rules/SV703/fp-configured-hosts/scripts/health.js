const net = require('net');

// the project's own services, each a full address or a name
const services = [
  { host: '10.0.0.12', port: 5432 },
  { host: 'cache.internal', port: 6379 },
];

function reachable(host, port) {
  return new Promise((done) => {
    const s = net.connect({ host, port, timeout: 500 });
    s.on('connect', () => { s.end(); done(true); });
    s.on('error', () => done(false));
  });
}

async function main() {
  const hosts = ['192.168.1.20', '192.168.1.21'];
  for (const h of hosts) console.log(h, await reachable(h, 22));
  for (const svc of Object.values(services)) console.log(svc.host, await reachable(services[0].host, 5432));
  console.log('devtools', await reachable('127.0.0.1', 9222));
  const version = ['1.2.3'];
  for (const v of version) console.log(v);
}
main();

// a client object whose method connects; called with configured names
const client = {
  ping(address) {
    return new Promise((done) => {
      const s = net.connect({ host: address, port: 443 });
      s.on('connect', () => done(s.end()));
    });
  },
};
for (const name of ['api.internal', 'db.internal']) client.ping(name);
