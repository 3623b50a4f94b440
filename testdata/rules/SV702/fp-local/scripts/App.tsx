import React, { useEffect, useState } from "react";

type Repo = { name: string; stargazers_count: number };

export default function App(): JSX.Element {
  const [repo, setRepo] = useState<Repo | null>(null);
  useEffect(() => {
    fetch("https://api.github.com/repos/facebook/react")
      .then((r) => r.json())
      .then((j: Repo) => setRepo(j));
  }, []);
  return <p>{repo ? `${repo.name}: ${repo.stargazers_count}` : "loading"}</p>;
}
