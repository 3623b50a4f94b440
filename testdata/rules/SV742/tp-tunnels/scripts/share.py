import subprocess

from pyngrok import ngrok
import paramiko

public_url = ngrok.connect(8888)  # want "SV742: opens an ngrok tunnel"
subprocess.Popen(["cloudflared", "tunnel", "--url", "http://localhost:8080"])  # want "SV742: starts a tunnel: cloudflared"
subprocess.Popen("ssh -o StrictHostKeyChecking=no -R 80:localhost:22 serveo.net", shell=True)  # want "SV742: starts a tunnel: ssh"
client = paramiko.SSHClient()
client.connect("203.0.113.9", username="u")
transport = client.get_transport()
transport.request_port_forward("", 2222)  # want "SV742: requests a reverse port forward"
subprocess.run(["ssh", "-NR", "9000:localhost:3000", "relay.example.net"])  # want "SV742: starts a tunnel: ssh"
