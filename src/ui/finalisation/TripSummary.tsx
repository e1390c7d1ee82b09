import { atom, useAtomValue } from 'jotai';
import { formatVolume } from '../../domain/format.ts';
import { tripLine } from '../../domain/pricing/price-words.ts';
import { addressText } from '../../domain/places/address-text.ts';
import { shownVolume } from '../../domain/pricing/volume.ts';
import { estimateAtom, pricedLoadAtom } from '../../state/estimate.atoms.ts';
import { itemsAtom } from '../../state/items.atoms.ts';
import { stopsAtom } from '../../state/stops.atoms.ts';
import { Icon } from '../controls/icons.tsx';

const objects = (count: number) =>
  count === 0 ? 'Aucun objet' : new Intl.PluralRules('fr').select(count) === 'one' ? `${count} objet` : `${count} objets`;

/**
 * 'Votre trajet' in the wide layout's aside: the stops, the route's figures and the load so far.
 * In three parts, each reading only its own state: a quantity change redraws the load line,
 * not the 50 stops.
 */
export function TripSummary() {
  return (
    <section className="trip-summary aside-summary card" aria-labelledby="trip-summary-title">
      <h3 id="trip-summary-title">Votre trajet</h3>
      <TripStops />
      <TripRoute />
      <TripLoad />
    </section>
  );
}

function TripStops() {
  const stops = useAtomValue(stopsAtom);
  return (
    <ol>
      {stops.map((stop) => (
        <li key={stop.uid}>
          <span className="map-pin" aria-hidden="true">
            {stop.step}
          </span>
          <span>{stop.geocodeResolved ? addressText(stop.address) : <span className="muted">Adresse {stop.step} à choisir</span>}</span>
        </li>
      ))}
    </ol>
  );
}

/** The route's line as text: the same text leaves it alone when the estimate changes for the load. */
const routeLineAtom = atom((get) => {
  const estimate = get(estimateAtom);
  if (!estimate || estimate.customer.distance <= 0) return null;
  return tripLine(estimate);
});

function TripRoute() {
  const line = useAtomValue(routeLineAtom);
  if (!line) return null;
  return (
    <p className="meta">
      <Icon name="truck" size={16} />
      {line}
    </p>
  );
}

function TripLoad() {
  const items = useAtomValue(itemsAtom);
  // Once priced, the volume the carrier's quote counts, as the estimate and the recap show it.
  const priced = useAtomValue(pricedLoadAtom);
  const count = items
    .filter((item) => item.category !== 'custom-cost' && item.category !== 'custom-item')
    .reduce((sum, item) => sum + item.quantity, 0);
  return (
    <p className="meta">
      <Icon name="box" size={16} />
      {objects(count)}
      {count > 0 ? ` · ${formatVolume(priced?.volume ?? shownVolume(items))}` : ''}
    </p>
  );
}
