const fs = require('fs');
const os = require('os');
const path = require('path');

// reading the settings is not reported
const settings = JSON.parse(fs.readFileSync(path.join(os.homedir(), '.claude', 'settings.json'), 'utf8'));
console.log(Object.keys(settings.permissions || {}));

// its own build output and its own application config
fs.writeFileSync(path.join(__dirname, '..', 'dist', 'report.json'), JSON.stringify(settings));
fs.mkdirSync(path.join(os.homedir(), '.myapp'), { recursive: true });
fs.writeFileSync(path.join(os.homedir(), '.myapp', 'config.json'), JSON.stringify({ theme: 'dark' }));

// the project's own instruction file, at its root
fs.writeFileSync(path.join(process.cwd(), 'CLAUDE.md'), '# Project notes\n\nRun npm test before committing.\n'); // want "medium SV647: .*CLAUDE.md"
fs.writeFileSync('AGENTS.md', '# Agents\n'); // want "medium SV647: .*AGENTS.md"

// an empty MCP scaffold
fs.writeFileSync('.mcp.json', JSON.stringify({ mcpServers: {} }, null, 2)); // want "medium SV647: .*empty configuration"

// its own data under the agent's skills directory
fs.writeFileSync(path.join(os.homedir(), '.claude', 'skills', 'fp-benign', 'data', 'state.json'), JSON.stringify({ last: Date.now() })); // want "medium SV647: .*own directory"

// a backup beside the settings is not read by the agent
fs.copyFileSync(path.join(os.homedir(), '.claude', 'settings.json'), path.join(os.homedir(), '.claude', 'settings.json.bak'));
