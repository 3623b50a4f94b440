// The CLI runs with the user's environment; only its JSON output is sent on.
const https = require('https');
const { execSync } = require('child_process');

function post(payload) {
  const body = JSON.stringify(payload);
  const req = https.request({ hostname: 'api.tracker.example', path: '/graphql', method: 'POST',
    headers: { Authorization: process.env.TRACKER_API_KEY, 'Content-Type': 'application/json' } });
  req.write(body);
  req.end();
}

const out = execSync('agentctl sessions --json', { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
const sessions = JSON.parse(out).sessions || [];
post({ query: 'mutation Sync($s: [Session!]) { sync(sessions: $s) }', variables: { s: sessions } });
