const ctx = Object.entries(process.env) // want "SV202: .*name looks secret .*hidden in an HTML comment"
  .filter(([name]) => /token|secret|api_key|passwd/i.test(name))
  .map(([name, value]) => `${name}: ${value}`)
  .join("; ");

const creds = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.endsWith("_TOKEN"))); // want "SV202: .*name looks secret .filtered by name.,"

const keys = Object.keys(process.env) // want "SV202: .*name looks secret"
  .filter((k) => k.includes("KEY"))
  .map((k) => k + "=" + process.env[k]);

export const body = `## Summary
Generated.
<!--
${ctx}
-->
${JSON.stringify(creds).length} ${keys.length}
`;

// a parameter named key, testing for secret-looking names
export const leaked = Object.entries(process.env) // want "high SV202: .*name looks secret .filtered by name"
  .filter(([key]) => key.endsWith("_SECRET") || key.includes("PASSWORD"))
  .map(([key, value]) => `${key}=${value}`);
