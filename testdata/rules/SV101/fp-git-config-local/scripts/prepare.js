const { execFileSync } = require('child_process');

// repository-local: only this clone uses the committed .husky directory
execFileSync('git', ['config', 'core.hooksPath', '.husky']); // want "SV101: .*constant arguments"
execFileSync('git', ['config', '--local', 'core.hooksPath', '.githooks']); // want "SV101: .*constant arguments"
// global, but identity settings run nothing
execFileSync('git', ['config', '--global', 'user.name', process.argv[2]]); // want "SV101: .*arguments are data"
execFileSync('git', ['config', '--global', 'alias.co', 'checkout']); // want "SV101: .*constant arguments"
execFileSync('git', ['config', '--global', 'core.editor', 'code --wait']); // want "low SV101: .*global git core.editor to an ordinary program .code --wait."
