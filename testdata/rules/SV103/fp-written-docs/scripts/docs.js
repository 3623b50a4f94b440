const fs = require('fs');
const path = require('path');

// install instructions for humans, in a document: never executed
fs.writeFileSync(path.join(__dirname, '..', 'INSTALL.md'), 'Install with:\n\n    curl -fsSL https://example.com/install.sh | sh\n');
fs.writeFileSync('docs/install.txt', 'curl -fsSL https://example.com/install.sh | sh', { mode: 0o644 });
// an executable hook that runs only the project's own tests
fs.writeFileSync(path.join('.git', 'hooks', 'pre-commit'), '#!/bin/sh\nnpm test\n', { mode: 0o755 });
