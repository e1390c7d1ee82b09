import { useAtomValue, useStore } from 'jotai';
import { useState } from 'react';
import { saveBooking, savingAtom } from '../../state/booking.ts';
import { companyModeAtom } from '../../state/company.atoms.ts';
import { travelIdentityAtom } from '../../state/identity.atoms.ts';
import { servicesAtom } from '../../state/services.atoms.ts';
import { postedTravelsAtom } from '../../state/wizard.atoms.ts';
import { Spinner } from '../controls/Spinner.tsx';
import { SideFrame } from './SideFrame.tsx';

/** Enregistrer / Mettre à jour ! / Dupliquer (spec §2), with the duplicate list (spec §4). */
export function SaveButtons({ onInvalid }: { onInvalid: () => void }) {
  const store = useStore();
  const services = useAtomValue(servicesAtom);
  const saving = useAtomValue(savingAtom);
  const identity = useAtomValue(travelIdentityAtom);
  const companyMode = useAtomValue(companyModeAtom);
  const posted = useAtomValue(postedTravelsAtom);
  const [opened, setOpened] = useState<number | null>(null);
  const isNew = identity.travelId === null;

  const save = async (duplicate: boolean) => {
    if (!services) return;
    const outcome = await saveBooking(store, services, { duplicate });
    if (outcome === 'invalid') onInvalid();
  };

  return (
    <div className="save">
      {saving ? (
        <Spinner label="Enregistrement en cours" />
      ) : (
        <div className="row">
          {posted.length === 0 && (
            <button type="button" className="primary" onClick={() => save(false)}>
              {isNew ? 'Enregistrer' : 'Mettre à jour !'}
            </button>
          )}
          {isNew && companyMode && (
            <button type="button" onClick={() => save(true)}>
              Dupliquer
            </button>
          )}
        </div>
      )}
      {posted.length > 0 && (
        <ul className="posted" aria-label="Réservations créées">
          {posted.map((travel, index) => (
            <li key={String(travel.id)}>
              Réservation n° {String(travel.id)}{' '}
              <button type="button" className="icon" aria-label={`Modifier la réservation n° ${travel.id}`} onClick={() => setOpened(index)}>✎</button>
            </li>
          ))}
        </ul>
      )}
      {opened !== null && posted[opened] && <SideFrame id={posted[opened].id} token={posted[opened].token} onClose={() => setOpened(null)} />}
    </div>
  );
}
