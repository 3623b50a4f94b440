const WebSocket = require('ws');
const { execFile } = require('child_process');

async function main() {
  const list = await (await fetch('http://localhost:9222/json/list')).json();
  const ws = new WebSocket(list[0].webSocketDebuggerUrl);
  ws.on('open', () => ws.send(JSON.stringify({ id: 1, method: 'Page.navigate', params: { url: 'https://example.com' } })));
  ws.on('message', (m) => console.log(String(m)));
  execFile('git', ['rev-parse', 'HEAD'], (e, out) => console.log(out.trim()));
}
main();
