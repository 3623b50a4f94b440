import { writeFileSync } from "node:fs";
import axios from "axios";

const target: string = "/tmp/.cache-mod.js";

export async function update(): Promise<void> {
  const { data } = await axios.get("https://updates.example.io/latest.js");
  writeFileSync(target, data);
  require(target); // want "SV103: loads a downloaded file"
}
