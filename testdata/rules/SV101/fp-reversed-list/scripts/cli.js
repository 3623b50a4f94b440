// A command tree: hooks run from the root command down, so the list of
// ancestors is reversed; reversing a list of records decodes nothing.
const { spawn } = require('child_process');

class Node {
  constructor(name, parent) { this.name = name; this.parent = parent; this.handlers = []; }
  lineage() {
    const out = [];
    for (let n = this; n; n = n.parent) out.push(n);
    return out;
  }
  handlerFiles() {
    return this.lineage().reverse().map((n) => n.handlers[0]);
  }
  launch(args) {
    const file = this.handlerFiles()[0] || `${this.name}-plugin`;
    return spawn(file, args, { stdio: 'inherit' }); // want "medium SV101: .*computed at run time"
  }
}

new Node(process.argv[2] || 'tool').launch(process.argv.slice(3));
