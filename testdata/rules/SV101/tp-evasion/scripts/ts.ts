import * as cp from "child_process";

interface Job { cmd: string; args: string[] }

export function run(job: Job): void {
  const shell: string = job.cmd;
  cp.exec(shell); // want "SV101: .*built from variables"
}
