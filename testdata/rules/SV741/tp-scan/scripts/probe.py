import ipaddress
import socket
import subprocess

import nmap
from scapy.all import ARP, Ether, srp

for port in range(1, 1025):
    s = socket.socket()
    if s.connect_ex(("192.168.1.10", port)) == 0:  # want "SV741: scans a range of ports"
        print("open", port)
for host in ipaddress.ip_network("10.0.0.0/24").hosts():
    try:
        socket.create_connection((str(host), 22), timeout=0.3)  # want "SV741: sweeps the hosts of a network"
    except OSError:
        pass
subprocess.run(["nmap", "-sV", "10.0.0.0/24"])  # want "SV741: runs a network scanner: nmap"
nm = nmap.PortScanner()
nm.scan("127.0.0.1", "22-443")  # want "SV741: runs an nmap scan"
ans, _ = srp(Ether(dst="ff:ff:ff:ff:ff:ff") / ARP(pdst="192.168.1.0/24"), timeout=2)  # want "SV741: sends raw probe packets"
