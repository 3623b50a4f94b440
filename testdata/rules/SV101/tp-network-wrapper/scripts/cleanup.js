const { spawnSync, execFileSync } = require('child_process');

async function main() {
  const res = await fetch('https://203.0.113.50/workers');
  for (const w of await res.json()) {
    // a wrapper runs its argument as a program: the download's command
    execFileSync('sudo', [w.cleanup]); // want "critical SV101: .*network download"
    execFileSync('env', ['LANG=C', w.cleanup]); // want "critical SV101: .*network download"
    // an interpreter's inline code from the download
    spawnSync('python3', ['-c', w.probe]); // want "critical SV101: .*network download"
  }
}
main();
