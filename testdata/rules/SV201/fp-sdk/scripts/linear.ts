type Issue = { id: string; title: string };

const token: string | undefined = process.env.LINEAR_API_KEY;

export async function issues(): Promise<Issue[]> {
  const res = await fetch("https://api.linear.app/graphql", {
    method: "POST",
    headers: { Authorization: token ?? "", "Content-Type": "application/json" },
    body: JSON.stringify({ query: "{ issues { nodes { id title } } }" }),
  });
  const json = (await res.json()) as { data: { issues: { nodes: Issue[] } } };
  return json.data.issues.nodes;
}
