interface Config {
  name: string;
}
export const c: Config = { name: "x" ;  // want "SV006: cannot be parsed"
