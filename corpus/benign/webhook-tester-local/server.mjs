import http from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';

const port = Number(process.argv[process.argv.indexOf('--port') + 1] || 8788);
const secret = process.env.WEBHOOK_SECRET || '';

function verifyGitHub(body, header) {
  if (!secret || !header) return 'unchecked';
  const want = 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');
  const ok = want.length === header.length && timingSafeEqual(Buffer.from(want), Buffer.from(header));
  return ok ? 'valid' : 'INVALID';
}

http
  .createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      let pretty = body.toString('utf8');
      try {
        pretty = JSON.stringify(JSON.parse(pretty), null, 2);
      } catch {
        /* not JSON; log as text */
      }
      console.log(`\n${req.method} ${req.url} signature=${verifyGitHub(body, req.headers['x-hub-signature-256'])}`);
      console.log(pretty);
      res.writeHead(204).end();
    });
  })
  .listen(port, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${port}`));
