#!/usr/bin/env bash
set -u
host="${1:?usage: diag.sh HOST [PORT]}"; port="${2:-443}"
[[ "$host" =~ ^[A-Za-z0-9.-]+$ ]] || { echo "invalid host name" >&2; exit 2; }
[[ "$port" =~ ^[0-9]+$ ]] || { echo "invalid port" >&2; exit 2; }

echo "== DNS ==";        dig +short "$host" A "$host" AAAA
echo "== ping ==";       ping -c 3 "$host" 2>&1 | tail -2
echo "== route ==";      traceroute -m 15 -w 2 "$host" 2>&1 | tail -5
echo "== TCP ==";        nc -z -w 3 "$host" "$port" && echo "port $port open" || echo "port $port closed"
echo "== TLS ==";        echo | openssl s_client -connect "$host:$port" -servername "$host" 2>/dev/null | openssl x509 -noout -subject -enddate
echo "== HTTP ==";       curl -sS -o /dev/null -w '%{http_code} in %{time_total}s\n' "https://$host:$port/"
