// Mentions eval( and new Function( in comments only.
const cfg = JSON.parse('{"a":1}');
setTimeout(() => console.log(cfg.a), 1000);
function tick() { console.log('tick'); }
setInterval(tick, 5000);
const root = Function('return this')();                   // want "SV102: .*global-object idiom"
const sum = new Function('a', 'b', 'return a + b');        // want "SV102: .*constant string"
