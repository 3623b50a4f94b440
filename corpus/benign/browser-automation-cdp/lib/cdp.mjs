import { writeFile } from 'node:fs/promises';

const DEVTOOLS = 'http://127.0.0.1:9222';

async function newTarget(url) {
  const res = await fetch(`${DEVTOOLS}/json/new?${encodeURIComponent(url)}`, { method: 'PUT' });
  return res.json();
}

function session(wsUrl) {
  const ws = new WebSocket(wsUrl);
  let id = 0;
  const pending = new Map();
  const listeners = [];
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.id && pending.has(msg.id)) {
      pending.get(msg.id)(msg.result);
      pending.delete(msg.id);
    } else listeners.forEach((l) => l(msg));
  };
  const ready = new Promise((r) => (ws.onopen = r));
  return {
    ready,
    on: (fn) => listeners.push(fn),
    send: (method, params = {}) =>
      new Promise((resolve) => {
        pending.set(++id, resolve);
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}

const [cmd, url, out] = process.argv.slice(2);
const target = await newTarget(url);
const s = session(target.webSocketDebuggerUrl);
await s.ready;
if (cmd === 'screenshot') {
  await s.send('Page.enable');
  await new Promise((r) => setTimeout(r, 1500));
  const { data } = await s.send('Page.captureScreenshot', { format: 'png' });
  await writeFile(out, Buffer.from(data, 'base64'));
  console.log(`saved ${out}`);
} else if (cmd === 'console') {
  s.on((m) => m.method === 'Runtime.consoleAPICalled' && console.log(m.params.type, m.params.args.map((a) => a.value).join(' ')));
  await s.send('Runtime.enable');
  await s.send('Page.reload');
  await new Promise((r) => setTimeout(r, 3000));
}
s.close();
