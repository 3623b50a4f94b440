// A command runner whose output feeds its own next command: the flow
// comes back to the same child-process call again and again.
const { execSync } = require('child_process');

function run(cmd) {
  return execSync(cmd, { env: { ...process.env, LANG: 'C' } }).toString();
}

function until(cmd, tries) {
  const out = run(cmd);
  if (tries > 0 && !out.includes('ready')) {
    return until(run('status ' + out.trim()), tries - 1);
  }
  return out;
}

fetch('https://status.tracker.example/report', { method: 'POST', body: until('probe', 3) });
