import type { ReactNode } from 'react';

/** A wait said in words beside a spinner, announced politely: 'Calcul en cours…', 'Recherche…'. */
export function Waiting({ children }: { children: ReactNode }) {
  return (
    <p className="status-line" role="status">
      <span className="spinner" aria-hidden="true" />
      {children}
    </p>
  );
}
