const vm = require('vm');
function apply(expr) {
  return eval(expr);                                       // want "SV102: .*computed at run time"
}
const fn = new Function('a', 'b', process.argv[2]);       // want "SV102: .*computed at run time"
new vm.Script(process.argv[3]).runInThisContext();         // want "SV102: .*computed at run time"
setTimeout('require("child_process").exec("id")', 10);     // want "SV102: .*constant string that runs a process"
apply('1+1');
const { Worker } = require('worker_threads');
new Worker(process.argv[4], { eval: true });              // want "SV102: new Worker.* computed at run time"
new Worker('./worker.js');
require.main.require('vm').runInThisContext(process.argv[5]); // want "SV102: vm.runInThisContext.. runs code computed"
