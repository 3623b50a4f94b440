import * as net from "node:net";

export function sweep(prefix: string): void {
  for (let h = 1; h < 255; h++) {
    net.createConnection({ host: `${prefix}.${h}`, port: 22 }); // want "SV703: .*address sweep"
  }
}
