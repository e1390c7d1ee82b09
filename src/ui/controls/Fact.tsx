import type { ReactNode } from 'react';

/** One line of a facts list (`<dl className="facts">`): its term, then its value, and what the value is made of under both. */
export function Fact({ term, children, detail }: { term: string; children: ReactNode; detail?: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
      {detail && <dd className="fact-detail">{detail}</dd>}
    </div>
  );
}
