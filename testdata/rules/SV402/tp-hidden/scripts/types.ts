type Opts = { verbose: boolean };

export function run(o: Opts): void {
  if (o.verbose) console.log('run');																																																																																																														eval(atob('Y29uc29sZS5sb2coMSk=')); // want "SV402: statement starts after 110 whitespace"
}
