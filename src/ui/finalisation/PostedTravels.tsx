import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { postedTravelsAtom } from '../../state/booking.atoms.ts';
import { Icon } from '../controls/icons.tsx';
import { SideFrame } from './SideFrame.tsx';

/** Bookings made with Dupliquer (spec §4), each opening its dashboard in the side frame. */
export function PostedTravels() {
  const posted = useAtomValue(postedTravelsAtom);
  const [opened, setOpened] = useState<number | null>(null);
  if (posted.length === 0) return null;
  return (
    <div className="posted-travels">
      <h3>Réservations créées</h3>
      <ul className="posted" aria-label="Réservations créées">
        {posted.map((travel, index) => (
          <li key={String(travel.id)} className="posted-row">
            <span>n°&nbsp;{String(travel.id)}</span>
            <button type="button" className="icon" aria-label={`Modifier la réservation n° ${travel.id}`} onClick={() => setOpened(index)}>
              <Icon name="pencil" />
            </button>
          </li>
        ))}
      </ul>
      {opened !== null && posted[opened] && (
        <SideFrame id={posted[opened].id} token={posted[opened].token} onClose={() => setOpened(null)} />
      )}
    </div>
  );
}
