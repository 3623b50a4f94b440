"""Is our local database up? Retry a few times."""
import socket
import time

for attempt in range(5):
    try:
        socket.create_connection(("localhost", 5432), timeout=2).close()
        break
    except OSError:
        time.sleep(1)
ports = [8000, 8001]
s = socket.socket()
s.connect(("localhost", ports[0]))
