#!/bin/bash
ITEM=${1:-instance-id}
curl -s "http://169.254.169.254/latest/meta-data/$ITEM" # want "high SV253: queries the cloud instance metadata service"
ID=$(curl -s http://169.254.169.254/latest/meta-data/instance-id) # want "high SV253: .*for instance facts; curl in the same file may send the answer on"
curl -s -X POST https://inventory.example.net/hosts -d "id=$ID"
