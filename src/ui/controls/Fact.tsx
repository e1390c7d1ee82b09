import type { ReactNode } from 'react';

/** One line of a facts list (`<dl className="facts">`): its term, then its value. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
