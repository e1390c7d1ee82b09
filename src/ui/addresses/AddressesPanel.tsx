import { useAtomValue, useSetAtom } from 'jotai';
import { useAtomCallback } from 'jotai/utils';
import { memo, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { MAX_ADDRESSES } from '../../domain/constants.ts';
import { MESSAGES } from '../../domain/messages.ts';
import type { StopAction } from './StopCard.tsx';
import { Icon } from '../controls/icons.tsx';
import { routeAtom, routeStatusAtom } from '../../state/route.atoms.ts';
import { addStopAfterAtom, moveStopAtom, removeStopAtom, stopsAtom } from '../../state/stops.atoms.ts';
import { MapPanel } from '../map/MapPanel.tsx';
import { StopCard } from './StopCard.tsx';
import { useDragReorder } from './use-drag-reorder.ts';
import { useVariant } from '../variant.ts';
import { mapsStatusAtom } from '../../state/maps-status.atoms.ts';
import { outsideAreaAtom } from '../../state/service-area.atoms.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { formatPhone } from '../../domain/format.ts';
import { Waiting } from '../controls/Waiting.tsx';
import { TimeWindowSwitch } from '../controls/TimeWindowSwitch.tsx';
import { LiteDateField } from '../lazy-time-fields.ts';

// The date reads its own atoms: a stop moved or typed, which renders the panel, leaves it alone
// (it writes a year of days in words).
const DateField = memo(LiteDateField);
// Up to this many stops the cards are rendered in full, none skipped off screen (see .stop-item in styles.css).
const SHORT_TRIP_STOPS = 5;
// The same element every render: React leaves the switch alone unless its own atom changes.
const timeWindowSwitch = (
  <TimeWindowSwitch
    className="switch-row timewindow-toggle"
    help={<span className="field-help">Pour chaque adresse, une heure au plus tôt et une heure au plus tard</span>}
  />
);

/** Panel 0 (spec §2 "Address panel"): the stops of the trip, their times, contacts and the map. */
export function AddressesPanel() {
  const stops = useAtomValue(stopsAtom);
  const outsideArea = useAtomValue(outsideAreaAtom);
  const carrierPhone = useAtomValue(companyDataAtom).transportation_company?.phone_number ?? '';
  const add = useSetAtom(addStopAfterAtom);
  const remove = useSetAtom(removeStopAtom);
  const route = useAtomValue(routeAtom);
  const routeStatus = useAtomValue(routeStatusAtom);
  const variant = useVariant();
  const maps = useAtomValue(mapsStatusAtom);
  const [announcement, setAnnouncement] = useState('');
  const list = useRef<HTMLOListElement>(null);
  // The count is read from the store when a move runs, so the callbacks below stay the same across renders.
  const moveAndCount = useAtomCallback(
    useCallback((get, set, from: number, to: number) => {
      set(moveStopAtom, { from, to });
      return get(stopsAtom).length;
    }, []),
  );
  const moveTo = useCallback(
    (from: number, to: number) => {
      const count = moveAndCount(from, to);
      setAnnouncement(`Adresse ${from + 1} déplacée en position ${to + 1} sur ${count}.`);
    },
    [moveAndCount],
  );
  useDragReorder(list, moveTo);
  const refocus = useRef<{ index: number; action: 'up' | 'down' | 'remove' } | null>(null);
  const onAction = useCallback(
    (action: StopAction, index: number) => {
      if (action === 'add') {
        add(index);
        setAnnouncement(`Étape ajoutée en position ${index + 2}.`);
      } else if (action === 'remove') {
        // The pressed button goes with its card: the focus goes to the stop now in its place.
        const remaining = (list.current?.childElementCount ?? 0) - 1;
        if (holdsFocus(list.current, index)) refocus.current = { index: Math.min(index, remaining - 1), action };
        remove(index);
        setAnnouncement(`Étape ${index + 1} supprimée.`);
      } else {
        const to = action === 'up' ? index - 1 : index + 1;
        // The pressed button stays in its place, now the other stop's: the focus goes with the
        // moved stop (below).
        if (holdsFocus(list.current, index)) refocus.current = { index: to, action };
        moveTo(index, to);
      }
    },
    [add, remove, moveTo],
  );
  // A keyboard user keeps their place: the moved stop's same arrow, or the other one at an end;
  // after a removal, the next stop's own removal, or its address when no stop can go any more.
  useLayoutEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    const card = list.current?.querySelector(`li[data-stop-index="${target.index}"]`);
    const same = card?.querySelector<HTMLElement>(`[data-stop-action="${target.action}"]`);
    const other = { up: '[data-stop-action="down"]', down: '[data-stop-action="up"]', remove: 'input[role="combobox"]' }[target.action];
    const fallback = card?.querySelector<HTMLElement>(other);
    (same ?? fallback)?.focus();
  }, [stops]);

  return (
    <section className="addresses-panel">
      {/* When first (spec §4: changing the customer date moves every stop); the lite asks it in its header. */}
      {variant === 'wizard' && <DateField />}
      {variant === 'lite' && maps.kind === 'loading' && <Waiting>Préparation de la recherche d’adresses…</Waiting>}
      {variant === 'lite' && maps.kind === 'failed' && (
        <div className="alert-red" role="alert">
          <strong>Error!</strong> {maps.message}
        </div>
      )}
      {/* While a new route comes, the arrivals shown are the last route's: styled as pending, not removed. */}
      <ol
        className="stops"
        ref={list}
        data-route-pending={routeStatus === 'loading' ? '' : undefined}
        data-long={stops.length > SHORT_TRIP_STOPS ? '' : undefined}
      >
        {stops.map((stop, index) => (
          // Keyed by place: a move rewrites the two cards' texts in place instead of taking one card out
          // of the page and putting it back, which the browser then styled and laid out again whole (the
          // frame after a move); what belongs to a stop in its card follows it (state/stop-view.ts).
          <StopCard key={index} stop={stop} index={index} count={stops.length} onAction={onAction} />
        ))}
      </ol>
      {/* After the stops: a customer gives addresses first, then says whether the times are windows. */}
      {variant === 'wizard' && timeWindowSwitch}
      {stops.length >= MAX_ADDRESSES && <p className="muted">Un trajet compte au plus {MAX_ADDRESSES}&nbsp;adresses.</p>}
      {/* Kept while a new route comes, as the arrivals are: a move does not take it away and
          announce it again a moment later. */}
      {(routeStatus === 'ok' || routeStatus === 'loading') && route?.approximate && (
        <p className="banner banner-warning" role="status">
          <Icon name="info" />
          <span className="banner-body">{MESSAGES.approximateRoute}</span>
        </p>
      )}
      {outsideArea && (
        <p className="banner banner-error" role="alert">
          <Icon name="warning" />
          <span className="banner-body">
            <OutsideAreaText text={outsideArea} phone={carrierPhone} />
          </span>
        </p>
      )}
      <MapPanel />
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

/** The reason a trip is outside the carrier's area, its phone a link a phone calls with one tap. */
function OutsideAreaText({ text, phone }: { text: string; phone: string }) {
  const shown = phone ? formatPhone(phone) : '';
  const at = shown ? text.indexOf(shown) : -1;
  if (at < 0) return <>{text}</>;
  // One span: the banner's body stacks its children, and the phone stays inside its sentence.
  return (
    <span>
      {text.slice(0, at)}
      <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{shown}</a>
      {text.slice(at + shown.length)}
    </span>
  );
}

/** Whether the focus is in the card of that stop (a button of it was pressed from the keyboard, or clicked). */
function holdsFocus(list: HTMLOListElement | null, index: number): boolean {
  const root = list?.getRootNode() as Document | ShadowRoot | undefined;
  const card = list?.querySelector(`li[data-stop-index="${index}"]`);
  return Boolean(root?.activeElement && card?.contains(root.activeElement));
}
