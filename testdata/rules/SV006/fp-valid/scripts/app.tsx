import React, { useState } from "react";
import type { FC } from "react";

type Props = { label: string; count?: number };

export const Counter: FC<Props> = ({ label, count = 0 }) => {
  const [n, setN] = useState<number>(count);
  return <button onClick={() => setN(n + 1)}>{label}: {n}</button>;
};
