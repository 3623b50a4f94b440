import * as net from "node:net";

class Prober {
  constructor(private readonly timeoutMs: number) {}

  check(ip: string, port: number): Promise<boolean> {
    return new Promise((resolve) => {
      const sock = new net.Socket();
      sock.setTimeout(this.timeoutMs);
      sock.once("connect", () => (sock.destroy(), resolve(true)));
      sock.once("error", () => resolve(false));
      sock.connect(port, ip); // want "SV703: .*10.8.0.x, a private network, in a loop"
    });
  }
}

const prober = new Prober(200);
const VPN = ["10.8.0", "10.9.0"];
export async function sweep(): Promise<string[]> {
  const up: string[] = [];
  for (const base of VPN) {
    for (let n = 1; n < 255; n++) {
      if (await prober.check(`${base}.${n}`, 1194)) up.push(`${base}.${n}`);
    }
  }
  return up;
}
