const apiKey = process.env.SENDGRID_API_KEY;
const from = process.env.SENDGRID_FROM ?? "noreply@example.com";
if (!apiKey) throw new Error("SENDGRID_API_KEY is not set");

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

const to = flag("to");
const template = flag("template");
const data = JSON.parse(flag("data") ?? "{}") as Record<string, unknown>;
if (!to || !template) throw new Error("usage: send.ts --to ADDR --template ID [--data JSON]");

const res = await fetch("https://api.sendgrid.com/v3/mail/send", {
  method: "POST",
  headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
  body: JSON.stringify({
    from: { email: from },
    personalizations: [{ to: [{ email: to }], dynamic_template_data: data }],
    template_id: template,
  }),
});
console.log(res.status === 202 ? `queued for ${to}` : `SendGrid error ${res.status}: ${await res.text()}`);
