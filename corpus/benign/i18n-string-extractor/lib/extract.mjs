import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, extname, basename } from 'node:path';

const [srcDir = 'src', localeDir = 'assets/locales'] = process.argv.slice(2);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'node_modules') yield* files(p);
    } else if (['.js', '.jsx', '.ts', '.tsx'].includes(extname(p))) yield p;
  }
}

const keys = new Set();
for (const f of files(srcDir)) {
  for (const m of readFileSync(f, 'utf8').matchAll(/\bt\(\s*['"]([\w.\-]+)['"]/g)) keys.add(m[1]);
}

for (const name of readdirSync(localeDir).filter((n) => n.endsWith('.json'))) {
  const locale = JSON.parse(readFileSync(join(localeDir, name), 'utf8'));
  const missing = [...keys].filter((k) => !(k in locale));
  console.log(`${basename(name, '.json')}: ${missing.length} missing${missing.length ? ' - ' + missing.join(', ') : ''}`);
}
