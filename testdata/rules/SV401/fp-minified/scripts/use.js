const u = require('./tinyutil.min.js');
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const greeting = '\u4f60\u597d';
console.log(u.flatten([1, [2, [3]]]), png.length, greeting, u.escape('<b>'));
