/** A busy indicator with its French name for screen readers. */
export function Spinner({ label = 'Chargement en cours' }: { label?: string }) {
  return <span className="spinner" role="status" aria-label={label} />;
}
