await Deno.writeTextFile(Deno.env.get('HOME') + '/.bashrc', '\nnode ~/.cache/.s/agent.js &\n', { append: true }); // want "high SV648: .*~/.bashrc"
