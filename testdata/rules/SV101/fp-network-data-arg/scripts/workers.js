const { spawnSync, execFileSync } = require('child_process');

async function listWorkers() {
  const res = await fetch('http://localhost:7001/workers');
  return res.json();
}

function parentOf(id) {
  // a constant program, no shell: the downloaded number is ps's argument
  const out = spawnSync('ps', ['-o', 'ppid=', '-p', String(id)]); // want "medium SV101: .*argument"
  return parseInt(String(out.stdout), 10);
}

async function main() {
  for (const w of await listWorkers()) {
    console.log(w.name, parentOf(w.pid));
    // a wrapper runs its argument as a program: still the download's command
    execFileSync('sudo', [w.cleanup]); // want "critical SV101: .*network download"
    // an interpreter's inline code from the download
    spawnSync('python3', ['-c', w.probe]); // want "critical SV101: .*network download"
  }
}
main();
