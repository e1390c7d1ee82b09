import { useAtomValue, useSetAtom } from 'jotai';
import { useRef, useState } from 'react';
import { MAX_ADDRESSES, MESSAGES } from '../../domain/index.ts';
import { arrivalsAtom } from '../../state/summary.atoms.ts';
import { Icon } from '../controls/icons.tsx';
import { routeAtom, routeStatusAtom } from '../../state/fees.atoms.ts';
import { addStopAfterAtom, moveStopAtom, removeStopAtom, stopsAtom } from '../../state/stops.atoms.ts';
import { MapPanel } from '../map/MapPanel.tsx';
import { StopCard } from './StopCard.tsx';
import { useDragReorder } from './use-drag-reorder.ts';
import { useVariant } from '../variant.ts';
import { mapsStatusAtom } from '../../state/maps-status.atoms.ts';
import { Waiting } from '../controls/Waiting.tsx';
import { TimeWindowSwitch } from '../controls/TimeWindowSwitch.tsx';

/** Panel 0 (spec §2 "Address panel"): the stops of the trip, their times, contacts and the map. */
export function AddressesPanel() {
  const stops = useAtomValue(stopsAtom);
  const add = useSetAtom(addStopAfterAtom);
  const remove = useSetAtom(removeStopAtom);
  const move = useSetAtom(moveStopAtom);
  const route = useAtomValue(routeAtom);
  const routeStatus = useAtomValue(routeStatusAtom);
  const variant = useVariant();
  const maps = useAtomValue(mapsStatusAtom);
  const [announcement, setAnnouncement] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const moveTo = (from: number, to: number) => {
    move({ from, to });
    setAnnouncement(`Adresse ${from + 1} déplacée en position ${to + 1} sur ${stops.length}.`);
  };
  useDragReorder(list, moveTo);

  const arrivals = useAtomValue(arrivalsAtom);

  return (
    <section className="addresses-panel">
      {variant === 'wizard' && (
        <TimeWindowSwitch
          className="switch-row timewindow-toggle"
          help={<span className="field-help"> (au plus tôt, au plus tard)</span>}
        />
      )}
      {variant === 'lite' && maps.kind === 'loading' && <Waiting>Préparation de la recherche d’adresses…</Waiting>}
      {variant === 'lite' && maps.kind === 'failed' && (
        <div className="alert-red" role="alert">
          <strong>Error!</strong> {maps.message}
        </div>
      )}
      <ol className="stops" ref={list}>
        {stops.map((stop, index) => (
          <StopCard
            key={stop.uid}
            stop={stop}
            index={index}
            count={stops.length}
            arrival={arrivals[index] ?? null}
            actions={{
              add:
                stops.length < MAX_ADDRESSES
                  ? () => {
                      add(index);
                      setAnnouncement(`Étape ajoutée en position ${index + 2}.`);
                    }
                  : null,
              remove:
                stops.length > 2
                  ? () => {
                      remove(index);
                      setAnnouncement(`Étape ${index + 1} supprimée.`);
                    }
                  : null,
              moveUp: index > 0 ? () => moveTo(index, index - 1) : null,
              moveDown: index < stops.length - 1 ? () => moveTo(index, index + 1) : null,
            }}
          />
        ))}
      </ol>
      {stops.length >= MAX_ADDRESSES && <p className="muted">Un trajet compte au plus {MAX_ADDRESSES}&nbsp;adresses.</p>}
      {routeStatus === 'ok' && route?.approximate && (
        <p className="banner banner-warning" role="status">
          <Icon name="info" />
          <span className="banner-body">{MESSAGES.approximateRoute}</span>
        </p>
      )}
      <MapPanel />
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
