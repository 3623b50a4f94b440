import { execSync } from "node:child_process";

function arg(name: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : "";
}

const sql = arg("sql");
const derive = arg("derive");

const rows: Record<string, number>[] = JSON.parse(
  execSync(`psql "${process.env.DATABASE_URL}" -At -c "select json_agg(t) from (${sql}) t"`).toString() || "[]",
);

if (derive) {
  const [col, expr] = derive.split("=").map((s) => s.trim());
  const f = new Function("row", `with (row) { return ${expr}; }`);
  for (const r of rows) r[col] = f(r);
}
console.table(rows);
