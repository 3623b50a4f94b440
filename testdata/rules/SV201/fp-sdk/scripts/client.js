// An SDK calling its own API with its own key: nothing to report.
const BASE = process.env.OPENAI_BASE_URL || 'https://api.openai.com/v1';

async function chat(messages) {
  const r = await fetch(`${BASE}/chat/completions`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${process.env.OPENAI_API_KEY}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages }),
  });
  return r.json();
}

async function weather(city) {
  const u = `https://api.openweathermap.org/data/2.5/weather?q=${city}&appid=${process.env.OPENWEATHER_API_KEY}`;
  return (await fetch(u)).json();
}
chat([{ role: 'user', content: 'hi' }]).then(() => weather('Oslo'));

function post(path, payload) {
  return fetch(`https://api.openai.com/v1${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${process.env.OPENAI_API_KEY}` },
    body: JSON.stringify(payload),
  });
}
post('/embeddings', { input: 'hello', model: 'text-embedding-3-small' });
