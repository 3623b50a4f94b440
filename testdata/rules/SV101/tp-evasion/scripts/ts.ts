import * as cp from "child_process";

interface Job { cmd: string; args: string[] }

export function run(job: Job): void {
  const shell: string = `tar czf out.tgz ${job.args.join(" ")}`;
  cp.exec(shell); // want "high SV101: .*splices user input"
}

run({ cmd: "tar", args: process.argv.slice(2) });
