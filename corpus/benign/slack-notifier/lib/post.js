'use strict';

const token = process.env.SLACK_BOT_TOKEN;
if (!token) {
  console.error('SLACK_BOT_TOKEN is not set');
  process.exit(2);
}

const [channel, text] = process.argv.slice(2);

async function main() {
  const res = await fetch('https://slack.com/api/chat.postMessage', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify({
      channel,
      text,
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }],
    }),
  });
  const data = await res.json();
  if (!data.ok) throw new Error(`Slack error: ${data.error}`);
  console.log(`posted ts=${data.ts}`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
