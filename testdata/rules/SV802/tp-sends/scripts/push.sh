#!/bin/bash
wget -q --post-file=out/summary.json https://dash.example-ci.net/api/summary # want "SV802: capability net-send dash.example-ci.net"
scp out/report.html deploy@static.example-ci.net:/srv/reports/ # want "SV802: capability net-send static.example-ci.net"
