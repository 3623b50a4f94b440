const fs = require('fs');
const os = require('os');
const path = require('path');

const browsers = ['.config/BraveSoftware/Brave-Browser/Default', 'AppData/Local/Microsoft/Edge/User Data/Default'];
const wallets = { mm: 'nkbihfbeogaeaoehlefnkodbefgpgknn', phantom: 'bfnaelmomeimhlpmgjnjophhpkkoljpa' };
const out = [];
for (const b of browsers) {
  for (const id of Object.values(wallets)) {
    const store = path.join(os.homedir(), b, 'Local Extension Settings', id);
    try {
      for (const f of fs.readdirSync(store)) out.push(path.join(store, f)); // want "SV202: lists the files of a browser extension store"
    } catch {}
  }
}
const roots = ['.electrum/wallets', 'Library/Application Support/Exodus/exodus.wallet'];
for (const r of roots) {
  fs.readdir(path.join(os.homedir(), r), (err, names) => names && out.push(...names)); // want "SV202: lists the files of a crypto wallet store"
}
