import { spawnSync } from "node:child_process";

// names only: which secrets are set, never their values
const configured = Object.keys(process.env).filter((k) => /TOKEN|API_KEY|SECRET/.test(k));
console.log("configured:", configured.join(", "));
const names = Object.entries(process.env) // want "SV202: .*whole environment .Object.entries."
  .filter(([k]) => k.endsWith("_TOKEN"))
  .map(([k]) => k);
console.log(names.length);

// the secrets are removed before the child runs
const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/TOKEN|SECRET|KEY/.test(k))); // want "SV202: .*whole environment .Object.entries."
spawnSync("npm", ["test"], { env: clean, stdio: "inherit" });

// the public build-time variables: the parameter's name is not what is tested
const publicVars = Object.entries(process.env) // want "medium SV202: .*whole environment .Object.entries."
  .filter(([key]) => key.startsWith("VITE_PUBLIC_"))
  .map(([key, value]) => `${key}=${value}`);
console.log(publicVars.join("\n"));
