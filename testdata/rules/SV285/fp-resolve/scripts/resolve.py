"""Resolve the host the user asked about and our own API host."""
import socket
import sys

host = sys.argv[1]
print(socket.gethostbyname(host))
print(socket.gethostbyname("api.example.com"))
print(socket.getaddrinfo(host, 443))
port = 8080
print(socket.getaddrinfo("localhost", port))
