'use strict';

function part(seg) {
  return JSON.parse(Buffer.from(seg.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8'));
}

const token = (process.argv[2] || '').trim();
const segs = token.split('.');
if (segs.length !== 3) {
  console.error('not a JWT (expected three dot-separated parts)');
  process.exit(2);
}
const header = part(segs[0]);
const claims = part(segs[1]);
console.log('header:', JSON.stringify(header, null, 2));
for (const k of ['iat', 'nbf', 'exp']) {
  if (typeof claims[k] === 'number') claims[`${k}_utc`] = new Date(claims[k] * 1000).toISOString();
}
console.log('claims:', JSON.stringify(claims, null, 2));
if (header.alg === 'none') console.log('warning: alg "none" - token is unsigned');
if (claims.exp && claims.exp * 1000 < Date.now()) console.log('warning: token expired');
