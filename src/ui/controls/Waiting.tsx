import type { ReactNode } from 'react';

/** A wait said in words beside a spinner, announced politely: 'Calcul en cours…', 'Recherche…'. */
export function Waiting({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p className={className ? `status-line ${className}` : 'status-line'} role="status">
      <span className="spinner" aria-hidden="true" />
      {children}
    </p>
  );
}
