// the environment is passed to a local function that only picks a
// provider name out of it: its result is that name, not the environment
function pickBackend(vars, wanted) {
  if (wanted) return wanted;
  if (vars.ACME_LLM_KEY) return 'acme';
  return 'other';
}

function requestFor(backend, question) {
  const host = backend === 'acme' ? 'https://llm.acme.example/v1/ask' : 'https://llm.other.example/v1/ask';
  return { host, opts: { method: 'POST', body: JSON.stringify({ q: question }) } };
}

async function main() {
  const backend = pickBackend(process.env, process.argv[3]);
  const { host, opts } = requestFor(backend, process.argv[2]);
  const res = await fetch(host, opts);
  console.log(await res.text());
}
main();
