import('child' + '_process').then((m) => m.exec('whoami')); // want "SV101: .*hidden name"
