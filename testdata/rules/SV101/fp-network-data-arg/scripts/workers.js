const { spawnSync } = require('child_process');

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
  }
}
main();
