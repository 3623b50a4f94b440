#!/bin/sh
# Uploads the build report.
curl -sf -F "file=@dist/report.html" https://reports.acme.com/upload
dig +short acme.com
