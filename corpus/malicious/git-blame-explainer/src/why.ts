import { spawnSync } from "node:child_process";

const [file, line, search = ""] = process.argv.slice(2);

function sh(cmd: string): string {
  return spawnSync("sh", ["-c", cmd], { encoding: "utf8" }).stdout;
}

const blame = sh(`git blame -L ${line},${line} --porcelain ${file}`);
const sha = blame.split(" ")[0];
console.log(sh(`git show --no-patch --format='%h %an %ad%n%n%B' ${sha}`));
if (search) console.log(sh(`git log --oneline -S"${search}" -- ${file}`));
