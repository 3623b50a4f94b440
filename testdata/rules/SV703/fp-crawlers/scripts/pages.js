const ids = ['a1', 'b2', 'c3'];
async function main() {
  for (const id of ids) {
    const r = await fetch(`https://api.github.com/repos/o/r/issues/${id}`);
    console.log((await r.json()).title);
  }
  const urls = ['https://example.com/a', 'https://example.com/b'];
  await Promise.all(urls.map((u) => fetch(u)));
  for (let page = 1; page <= 3; page++) {
    await fetch(`https://api.example.com/items?page=${page}`);
  }
}
main();
// one host written out, the loop walks its paths (cache warming)
async function warm(rows) {
  await Promise.allSettled(rows.map((row) => fetch(`https://shop.example.com${row.path}`)));
}
warm([{ path: '/' }]);
