import { readFile } from 'node:fs/promises';

const apiKey = process.env.OPENAI_API_KEY;
if (!apiKey) {
  console.error('OPENAI_API_KEY is not set');
  process.exit(2);
}

const [file, ...rest] = process.argv.slice(2);
const words = Number(rest[rest.indexOf('--words') + 1]) || 200;

async function complete(prompt) {
  const res = await fetch('https://api.openai.com/v1/chat/completions', {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: prompt }] }),
  });
  if (!res.ok) throw new Error(`OpenAI API ${res.status}: ${await res.text()}`);
  const data = await res.json();
  return data.choices[0].message.content.trim();
}

function chunks(text, size = 12000) {
  const out = [];
  let cur = '';
  for (const para of text.split(/\n\s*\n/)) {
    if ((cur + para).length > size && cur) {
      out.push(cur);
      cur = '';
    }
    cur += para + '\n\n';
  }
  if (cur.trim()) out.push(cur);
  return out;
}

const text = await readFile(file, 'utf8');
const partials = [];
for (const c of chunks(text)) partials.push(await complete(`Summarize in at most 120 words:\n\n${c}`));
console.log(await complete(`Combine these summaries into one of about ${words} words:\n\n${partials.join('\n\n')}`));
