enum Color { Red, Green }
function dec(_t: unknown, _k: string) {}
class Svc {
  @dec name = "svc";
  async *items(): AsyncGenerator<number> { yield Color.Green; }
}
namespace NS { export const v = 1; }
export = { Svc, NS };
