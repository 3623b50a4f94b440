const name = 'child_' + 'process';
const cp = require(name);
cp['ex' + 'ec']('id');                                   // want "SV101: .*hidden name"
const k = ['sp', 'awn'].join('');
cp[k]('/bin/sh');                                        // want "SV101: .*interactive sh"
const tail = ['_pro', 'cess'];
const other = require('child' + tail.join(''));               // want "SV101: loads child_process through a hidden name"
module.exports = { other };
