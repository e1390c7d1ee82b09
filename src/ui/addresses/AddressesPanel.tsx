import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { MAX_ADDRESSES, MESSAGES } from '../../domain/index.ts';
import { routeAtom, routeStatusAtom } from '../../state/fees.atoms.ts';
import { addStopAfterAtom, moveStopAtom, removeStopAtom, stopsAtom } from '../../state/stops.atoms.ts';
import { StopCard } from './StopCard.tsx';

/** Panel 0 (spec §2 "Address panel"): the stops of the trip. */
export function AddressesPanel() {
  const stops = useAtomValue(stopsAtom);
  const add = useSetAtom(addStopAfterAtom);
  const remove = useSetAtom(removeStopAtom);
  const move = useSetAtom(moveStopAtom);
  const route = useAtomValue(routeAtom);
  const routeStatus = useAtomValue(routeStatusAtom);
  const [announcement, setAnnouncement] = useState('');

  const moveTo = (from: number, to: number) => {
    move({ from, to });
    setAnnouncement(`Adresse déplacée en position ${to + 1} sur ${stops.length}.`);
  };

  return (
    <section aria-label="Adresses du trajet">
      <ol className="stops">
        {stops.map((stop, index) => (
          <StopCard
            key={stop.uid}
            stop={stop}
            index={index}
            count={stops.length}
            actions={{
              add: () => {
                add(index);
                setAnnouncement(`Étape ajoutée en position ${index + 2}.`);
              },
              remove: stops.length > 2 ? () => { remove(index); setAnnouncement(`Étape ${index + 1} supprimée.`); } : null,
              moveUp: index > 0 ? () => moveTo(index, index - 1) : null,
              moveDown: index < stops.length - 1 ? () => moveTo(index, index + 1) : null,
            }}
          />
        ))}
      </ol>
      {stops.length >= MAX_ADDRESSES && <p className="muted">Un trajet compte au plus {MAX_ADDRESSES} adresses.</p>}
      {routeStatus === 'ok' && route?.approximate && <p className="banner banner-warning" role="status">{MESSAGES.approximateRoute}</p>}
      <p className="visually-hidden" aria-live="polite">{announcement}</p>
    </section>
  );
}
