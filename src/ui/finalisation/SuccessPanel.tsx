import { useAtomValue } from 'jotai';
import { travelIdentityAtom } from '../../state/identity.atoms.ts';
import { SideFrame } from './SideFrame.tsx';

/** Panel 4: the booking is saved; its dashboard shows in the side frame (spec §2). */
export function SuccessPanel() {
  const identity = useAtomValue(travelIdentityAtom);
  return (
    <section aria-label="Réservation enregistrée" className="success">
      <p>Merci ! Le transporteur a bien reçu votre demande{identity.travelId !== null ? ` (réservation n° ${String(identity.travelId)})` : ''}.</p>
      {identity.travelId !== null && identity.travelToken && <SideFrame id={identity.travelId} token={identity.travelToken} />}
    </section>
  );
}
