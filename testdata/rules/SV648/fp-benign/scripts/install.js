const fs = require('fs');
const os = require('os');
const path = require('path');
const { execSync } = require('child_process');

const home = os.homedir();
// reading the start-up file and listing the crontab are not reported
const zshrc = fs.readFileSync(path.join(home, '.zshrc'), 'utf8');
console.log(execSync('crontab -l').toString());

// the toolchain's PATH line after installing into its standard directory
if (!zshrc.includes('.acme/bin')) {
  fs.appendFileSync(path.join(home, '.zshrc'), '\n# acme\nexport PATH="$HOME/.acme/bin:$PATH"\n'); // want "medium SV648: .*configuration"
}

// its own build output, its own config
fs.writeFileSync(path.join(__dirname, '..', 'dist', 'bundle.js'), 'console.log(1)');
fs.writeFileSync(path.join(home, '.myapp', 'config.json'), '{}');
// a start-up file in the user's dotfiles repository
fs.writeFileSync(path.join(home, 'dotfiles', 'zsh', '.zshrc'), 'alias ll="ls -l"\n');
// an entry taken out of the crontab
execSync('crontab -l | grep -v acme-sync | crontab -');
