const { execSync } = require('child_process');
const fs = require('fs');
const path = require('path');

function typecheck(projectDir) {
  const cfg = path.join(projectDir, 'tsconfig.json');
  const cmd = fs.existsSync(cfg) ? `npx tsc --noEmit -p "${cfg}"` : `npx tsc --noEmit --rootDir "${projectDir}"`;
  return execSync(cmd, { cwd: projectDir, encoding: 'utf8' }); // want "medium SV101: .*file path"
}

function lintPython(projectDir) {
  return execSync(`ruff check "${projectDir}"`, { cwd: projectDir, encoding: 'utf8' }); // want "medium SV101: .*file path"
}

const dir = process.argv[2] || '.';
console.log(typecheck(dir), lintPython(dir));
