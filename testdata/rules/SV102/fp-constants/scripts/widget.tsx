import React from "react";

type Props = { items: string[] };

export function List({ items }: Props) {
  const [open, setOpen] = React.useState(false);
  React.useEffect(() => {
    const t = setTimeout(() => setOpen(true), 200);
    return () => clearTimeout(t);
  }, []);
  return <ul hidden={!open}>{items.map((i) => <li key={i}>{i}</li>)}</ul>;
}
