#!/bin/bash
echo "checking connectivity"
while true; do
    curl -s https://status.partner-shop.net/ping > /dev/null  # want "high SV723: curl requests status.partner-shop.net in an endless loop"
done
