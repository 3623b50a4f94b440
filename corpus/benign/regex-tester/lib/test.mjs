const [pattern, ...samples] = process.argv.slice(2);

let rx;
try {
  rx = new RegExp(pattern, 'u');
} catch (e) {
  console.error(`invalid pattern: ${e.message}`);
  process.exit(2);
}

if (/\([^)]*[+*]\)[+*{]/.test(pattern)) {
  console.warn('warning: nested quantifier, possible catastrophic backtracking');
}

for (const s of samples) {
  const m = rx.exec(s);
  if (!m) {
    console.log(`✗ ${JSON.stringify(s)}`);
    continue;
  }
  const groups = m.groups ? Object.entries(m.groups).map(([k, v]) => `${k}=${v}`).join(' ') : '';
  console.log(`✓ ${JSON.stringify(s)} ${groups}`);
}
