import { useAtomValue } from 'jotai';
import { dashboardBaseAtom } from '../../state/config.atoms.ts';

/** The dashboard page of a booking (spec §2), light layout. */
export function dashboardUrl(base: string, id: string | number, token: string): string {
  const path = `/dashboard/companies/company/travels/${encodeURIComponent(String(id))}?${new URLSearchParams({ token, light_layout: 'yes' })}`;
  return `${base.replace(/\/+$/, '')}${path}`;
}

/** The booking's devis, to print or save as a PDF (served by the booking API). */
export function devisUrl(apiBase: string | null | undefined, id: string | number, token: string): string {
  return `${(apiBase ?? '').replace(/\/+$/, '')}/devis/${encodeURIComponent(String(id))}?${new URLSearchParams({ token })}`;
}

export function SideFrame({ id, token, onClose }: { id: string | number; token: string; onClose?: () => void }) {
  const base = useAtomValue(dashboardBaseAtom);
  return (
    <aside className="side-frame" aria-label={`Suivi de la réservation n° ${id}`} part="side-frame">
      {onClose && (
        <button type="button" className="link" onClick={onClose}>
          Fermer le suivi
        </button>
      )}
      <iframe title={`Suivi de la réservation n° ${id}`} src={dashboardUrl(base, id, token)} referrerPolicy="no-referrer" />
    </aside>
  );
}
