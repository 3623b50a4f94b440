#!/bin/sh
# Looks up a public address balance.
curl -s "https://api.etherscan.io/api?module=account&action=balance&address=$1"
