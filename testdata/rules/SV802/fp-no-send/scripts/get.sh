#!/bin/bash
wget -q https://api.example-ci.net/releases/latest -O notes.json
curl -s -d @report.json https://.../api/reports
