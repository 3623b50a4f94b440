const g = globalThis;
g['ev' + 'al']('console.log(1)');                                    // want "SV102: .*hidden name"
(0, eval)(atob('cmVxdWlyZSgiY2hpbGRfcHJvY2VzcyIpLmV4ZWNTeW5jKCJpZCIp')); // want "SV102: .*decoded code that runs a process"
const F = (function () {}).constructor;
new F(String.fromCharCode(112, 114, 111, 99, 101, 115, 115, 46, 101, 110, 118))(); // want "SV102: .*decoded code that reads the environment"
const code = 'tixe.ssecorp'.split('').reverse().join('');
window['\x65\x76\x61\x6c'](code);                                    // want "SV102: .*decoded"
eval.call(null, atob('cmVxdWlyZSgiaHR0cHMiKS5nZXQoImh0dHBzOi8veC5leGFtcGxlIik=')); // want "SV102: .*decoded code that talks to the network"
[].constructor.constructor(process.argv[2])();                            // want "SV102: Function.. runs code computed at run time"
new (Object.getPrototypeOf(async function () {}).constructor)(process.argv[3]); // want "SV102: Function.. runs code computed at run time"
