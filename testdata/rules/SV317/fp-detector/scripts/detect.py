import re
import sys

# Phrases seen in prompt-injection attempts; matching is case-insensitive.
PATTERNS = [
    r"ignore all previous instructions",  # want "SV317: .*not addressed to an agent"
    r"you are now in developer mode",  # want "SV317: .*not addressed to an agent"
]

text = open(sys.argv[1]).read()
for p in PATTERNS:
    for m in re.finditer(p, text, re.I):
        print(m.start(), m.group(0))
