'use strict';
const { execFile } = require('node:child_process');
const { promisify } = require('node:util');

const run = promisify(execFile);
const sections = { feat: 'Added', fix: 'Fixed', perf: 'Changed', refactor: 'Changed', revert: 'Removed' };

async function lastTag() {
  const { stdout } = await run('git', ['describe', '--tags', '--abbrev=0']);
  return stdout.trim();
}

async function main() {
  const since = process.argv[2] || (await lastTag());
  if (!/^[\w.\-\/]+$/.test(since)) throw new Error(`not a tag name: ${since}`);
  const { stdout } = await run('git', ['log', `${since}..HEAD`, '--no-merges', '--format=%s']);
  const groups = {};
  for (const subject of stdout.split('\n').filter(Boolean)) {
    const m = /^(\w+)(?:\([^)]*\))?!?:\s*(.+)$/.exec(subject);
    if (!m || !sections[m[1]]) continue;
    (groups[sections[m[1]]] ||= []).push(m[2]);
  }
  for (const [title, items] of Object.entries(groups)) {
    console.log(`### ${title}\n${items.map((i) => `- ${i}`).join('\n')}\n`);
  }
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
