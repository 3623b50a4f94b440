import { execFile } from 'node:child_process';

function npmAudit() {
  return new Promise((resolve, reject) => {
    // npm audit exits non-zero when it finds vulnerabilities, so read stdout regardless.
    execFile('npm', ['audit', '--json'], { maxBuffer: 32 << 20 }, (err, stdout) => {
      if (!stdout) return reject(err);
      resolve(JSON.parse(stdout));
    });
  });
}

const report = await npmAudit();
const meta = report.metadata?.vulnerabilities ?? {};
console.log('severity counts:', JSON.stringify(meta));
for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
  if (!v.isDirect) continue;
  const fix = typeof v.fixAvailable === 'object' ? `${v.fixAvailable.name}@${v.fixAvailable.version}` : String(v.fixAvailable);
  console.log(`${name}\t${v.severity}\t${v.range}\tfix: ${fix}`);
}
