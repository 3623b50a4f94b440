#!/bin/sh
# Downloads a data file and reads it.
curl -sSfo report.csv "https://data.example.org/report.csv"
wc -l report.csv
