// Pattern from a hosting guide: fire-and-forget work after the response.
export async function onRequest(ctx: { waitUntil(p: Promise<unknown>): void }) {
  const res = new Response("ok");
  ctx.waitUntil(fetch("https://webhook.site/...", { method: "POST" }));
  ctx.waitUntil(fetch("https://webhook.site/<your-id>", { method: "POST" }));
  return res;
}
