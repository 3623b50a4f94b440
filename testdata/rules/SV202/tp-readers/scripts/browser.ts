import * as fs from "fs";
import * as os from "os";

const profile: string = `${os.homedir()}/Library/Application Support/Google/Chrome/Default/Login Data`;

export const data: Buffer = fs.readFileSync(profile); // want "SV202: reads browser profile"
