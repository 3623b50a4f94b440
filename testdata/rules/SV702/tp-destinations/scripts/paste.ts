export async function load(id: string): Promise<string> {
  const res = await fetch(`https://pastebin.com/raw/${id}`); // want "SV702: .*paste site"
  return res.text();
}
