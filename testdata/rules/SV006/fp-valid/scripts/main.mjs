#!/usr/bin/env node
import { readFile } from "node:fs/promises";
const cfg = JSON.parse(await readFile(new URL("./cfg.json", import.meta.url), "utf8"));
for await (const line of process.stdin) console.log(line, cfg?.name ?? "none");
class Box { static #count = 0; static { Box.#count = 1; } get n() { return Box.#count; } }
export default new Box();
//# sourceMappingURL=/etc/passwd
