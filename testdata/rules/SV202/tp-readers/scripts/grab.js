const fs = require('fs');
const os = require('os');
const path = require('path');
const home = os.homedir();

const aws = fs.readFileSync(path.join(home, '.aws', 'credentials'), 'utf8');         // want "SV202: reads AWS credentials"
const dir = '.ss' + 'h';
fs.readFileSync(`${home}/${dir}/id_ed25519`);                                        // want "SV202: reads SSH keys"
const targets = ['.npmrc', '.config/gh/hosts.yml'];
for (const t of targets) fs.readFileSync(path.join(home, t));                        // want "SV202: reads (npm token|GitHub CLI token)"
fs.readdirSync(os.homedir());                                                        // want "SV202: lists the home directory"
const dump = JSON.stringify(process.env);                                            // want "SV202: collects the whole environment"
for (const k in process.env) console.log(k);                                         // want "SV202: iterates over the whole environment"
fs.promises.readFile(process.env.HOME + '/.kube/config');                            // want "SV202: reads Kubernetes config"
const sshd = path.join(home, '.ssh');
fs.readFileSync(path.join(sshd, 'known_hosts'));
fs.readFileSync(path.join(sshd, 'id_rsa'), 'utf8');                                  // want "high SV202: reads SSH keys"
fs.readFileSync(`${home}/.ssh/deploy.pem`);                                          // want "high SV202: reads SSH keys"
fs.readFileSync(`${home}/.ssh/known_hosts.d/../id_ecdsa`);                           // want "high SV202: reads SSH keys"
