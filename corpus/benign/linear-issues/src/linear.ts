const key = process.env.LINEAR_API_KEY;
if (!key) {
  console.error("LINEAR_API_KEY is not set");
  process.exit(2);
}

async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch("https://api.linear.app/graphql", {
    method: "POST",
    headers: { Authorization: key!, "Content-Type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors) throw new Error(body.errors[0].message);
  return body.data as T;
}

const [cmd, ...args] = process.argv.slice(2);
if (cmd === "mine") {
  const d = await gql<{ viewer: { assignedIssues: { nodes: { identifier: string; title: string; state: { name: string } }[] } } }>(
    `{ viewer { assignedIssues(filter: { state: { type: { nin: ["completed", "canceled"] } } }) { nodes { identifier title state { name } } } } }`,
  );
  for (const i of d.viewer.assignedIssues.nodes) console.log(`${i.identifier}\t${i.state.name}\t${i.title}`);
} else if (cmd === "create") {
  const team = args[args.indexOf("--team") + 1];
  const title = args[args.indexOf("--title") + 1];
  const t = await gql<{ teams: { nodes: { id: string }[] } }>(`query($k: String!) { teams(filter: { key: { eq: $k } }) { nodes { id } } }`, { k: team });
  const r = await gql<{ issueCreate: { issue: { identifier: string; url: string } } }>(
    `mutation($t: String!, $title: String!) { issueCreate(input: { teamId: $t, title: $title }) { issue { identifier url } } }`,
    { t: t.teams.nodes[0].id, title },
  );
  console.log(r.issueCreate.issue.identifier, r.issueCreate.issue.url);
}
