const { exec, execSync } = require('child_process');
const path = require('path');
const fs = require('fs');

const [url, caption, outDir] = process.argv.slice(2);
fs.mkdirSync(outDir, { recursive: true });
// a URL and a caption are content, not a local path: still high
exec(`curl -sL "${url}" -o "${path.join(outDir, 'page.html')}"`); // want "high SV101: .*splices user input"
execSync(`convert in.png -label "${caption}" "${path.join(outDir, 'out.png')}"`); // want "high SV101: .*splices user input"
// a path function over the URL does not make the URL itself a path
execSync(`curl -sL "${url}" > "${path.basename(url)}"`); // want "high SV101: .*splices user input"
// remote text run through the shell stays critical whatever it is called
fetch(url).then((r) => r.text()).then((dir) => execSync(`ls "${path.join(dir, 'x')}"`)); // want "critical SV101: .*network download"
// the path of an HTTP request is part of a URL, not a local file
const https2 = require('https');
const route = process.argv[5];
https2.request({ hostname: 'api.example.com', path: route, method: 'GET' }).end();
exec(`echo fetched ${route}`); // want "high SV101: .*splices user input"
// a name joined into a path beside a caption: the caption is still content
const title = process.argv[6];
fs.writeFileSync(path.join(outDir, 'notes.txt'), 'x');
execSync(`notify-send "${title}"`); // want "high SV101: .*splices user input"
