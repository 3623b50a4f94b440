'use strict';

const token = process.env.PAGERDUTY_API_TOKEN;
if (!token) {
  console.error('PAGERDUTY_API_TOKEN is not set');
  process.exit(2);
}

async function pd(path) {
  const res = await fetch(`https://api.pagerduty.com${path}`, {
    headers: { Authorization: `Token token=${token}`, Accept: 'application/vnd.pagerduty+json;version=2' },
  });
  if (!res.ok) throw new Error(`PagerDuty ${res.status}`);
  return res.json();
}

(async () => {
  const { oncalls } = await pd('/oncalls?earliest=true&limit=100');
  for (const o of oncalls) {
    console.log(`${o.schedule ? o.schedule.summary : o.escalation_policy.summary}\t${o.user.summary}\t${o.end || 'always'}`);
  }
  const { incidents } = await pd('/incidents?statuses[]=triggered&statuses[]=acknowledged&limit=25');
  for (const i of incidents) console.log(`#${i.incident_number}\t${i.urgency}\t${i.title}`);
})().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
