function requireEnv(name) {
  const value = process.env[name];
  if (!value) throw new Error(`Missing required env var: ${name}`);
  return value;
}

function firstKey() {
  for (const name of ["KAPSO_API_KEY", "KAPSO_TOKEN"]) {
    const raw = process.env[name];
    if (raw) return raw.trim();
  }
  return undefined;
}

const base = requireEnv('KAPSO_API_BASE_URL');
const apiKey = requireEnv('KAPSO_API_KEY') || firstKey();
const headers = new Headers();
headers.set('X-API-Key', apiKey);
const res = await fetch(`${base}/platform/v1/phone_numbers`, { method: 'GET', headers });
console.log(await res.json());

const envName = process.argv.includes('--prod') ? 'PROD' : 'DEV';
const keyVar = `KAPSO_API_KEY_${envName}`;
await fetch('https://api.kapso.ai/v1/health', { headers: { Authorization: `Bearer ${process.env[keyVar]}` } });
