// a React wrapper saved with a .ts name: its JSX parses as TSX
import type { ReactNode } from "react";

type WrapProps = { children: ReactNode; title?: string };

export function Wrap({ children, title }: WrapProps) {
  return (
    <>
      {title ? <h2>{title}</h2> : null}
      {children}
    </>
  );
}
