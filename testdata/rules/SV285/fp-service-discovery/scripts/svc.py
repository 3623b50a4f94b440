import socket
import sys
service = sys.argv[1]
print(socket.gethostbyname(f"{service}.svc.cluster.internal"))
print(socket.gethostbyname(service + ".local"))
