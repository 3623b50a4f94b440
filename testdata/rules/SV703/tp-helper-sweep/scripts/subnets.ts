import { Socket } from "node:net";

const CIDRS: string[] = ["172.20.0.", "100.64.0."];

const check = (ip: string, port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const sock = new Socket();
    sock.once("connect", () => (sock.destroy(), resolve(true)));
    sock.once("error", () => resolve(false));
    sock.connect(port, ip); // want "SV703: .*172.20.0.x, a private network, in a loop"
  });

const hits: string[] = [];
CIDRS.forEach((cidr) => {
  for (let h = 1; h < 255; h++) {
    const ip = `${cidr}${h}`;
    void check(ip, 6379).then((ok) => ok && hits.push(ip));
  }
});
