import { useSetAtom } from 'jotai';
import { useCallback, useId, useState } from 'react';
import { addressQuery, withAddressText, type Stop } from '../../domain/entities/stop.ts';
import { stopFromPlace } from '../../domain/places/place-association.ts';
import type { SavedPlace } from '../../domain/entities/saved-place.ts';
import type { GeocodedAddress } from '../../services/maps/provider.ts';
import { updateStopAtom } from '../../state/stops.atoms.ts';
import { geocoderFor, useProvider, useResolveStop } from '../../state/maps.ts';
import { useVariant } from '../variant.ts';
import { distinctSuggestions } from '../../domain/places/distinct-suggestions.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { useSavedPlaceSearch } from '../../state/places.ts';
import { Icon } from '../controls/icons.tsx';
import { Combobox } from '../controls/Combobox.tsx';
import { useDebouncedSearch } from '../../state/debounced-search.ts';
import { Waiting } from '../controls/Waiting.tsx';
import { stopViewSlot, useStopViewState } from '../../state/stop-view.ts';

export const SUGGEST_DELAY_MS = 250;

type Option =
  { kind: 'suggestion'; id: string; label: string; detail: string } | { kind: 'place'; id: string; label: string; place: SavedPlace };
type Status =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'proposals'; results: GeocodedAddress[] };
const IDLE: Status = { kind: 'idle' };
/** Each stop's check: its wait, failure or proposals stay with the stop when it moves. */
const statusOfStop = stopViewSlot<Status>();

/**
 * 'Adresse N': the shared Combobox over the maps provider's suggestions and, in company
 * mode, the saved places (spec §2). Choosing sets loading, then resolves the stop, offers
 * proposals, or shows the failure (spec §4, §8). Enter with no suggestion checks the
 * address as typed.
 */
export function AddressCombobox({ stop, index }: { stop: Stop; index: number }) {
  const id = useId();
  const update = useSetAtom(updateStopAtom);
  const resolve = useResolveStop();
  const provider = useProvider();
  const searchPlaces = useSavedPlaceSearch();
  const [status, setStatus] = useStopViewState(statusOfStop, stop.uid, IDLE);
  // What the visitor typed and is searching for; null once an option is chosen or the text came
  // from elsewhere. It belongs to the stop it was typed for: a card shows another stop after a move.
  const [typed, setTyped] = useState<{ uid: string; text: string } | null>(null);
  const query = typed?.uid === stop.uid ? typed.text : null;
  const setQuery = (text: string | null) => setTyped(text === null ? null : { uid: stop.uid, text });

  /** Saved places (company mode) then the provider's suggestions, each address once. */
  const streetNumber = stop.streetNumber;
  const search = useCallback(
    async (text: string, signal: AbortSignal): Promise<Option[] | null> => {
      const places = await searchPlaces(text);
      if (places === null || signal.aborted) return null;
      const placeOptions: Option[] = places.map((place) => ({
        kind: 'place',
        id: `place-${place.id}`,
        label: place.address_complete,
        place,
      }));
      let suggestions: Option[] = [];
      if (text.length >= 3) {
        try {
          suggestions = (await (await provider()).suggest(addressQuery(text, streetNumber), signal)).map((s) => ({
            kind: 'suggestion' as const,
            id: s.id,
            label: s.label,
            detail: s.detail ?? '',
          }));
        } catch (error) {
          if (signal.aborted) return null;
          if (error instanceof Error && error.message) setStatus({ kind: 'error', message: error.message });
        }
      }
      return signal.aborted ? null : distinctSuggestions([...placeOptions, ...suggestions]);
    },
    [searchPlaces, provider, streetNumber, setStatus],
  );
  // The field shows whichever stop is at its place: suggestions found for another stop never show.
  const { results: options, searching } = useDebouncedSearch(
    query,
    search,
    query !== null && query.length >= 3 ? SUGGEST_DELAY_MS : 0,
    stop.uid,
  );

  async function geocode(text: string) {
    setQuery(null);
    setStatus({ kind: 'loading' });
    try {
      const results = await geocoderFor(await provider())(addressQuery(text, stop.streetNumber));
      if (results.length === 0) setStatus({ kind: 'error', message: 'Adresse introuvable : vérifiez le numéro et la commune.' });
      else if (results.length === 1) {
        resolve(stop.uid, results[0]!);
        setStatus(IDLE);
      } else setStatus({ kind: 'proposals', results });
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error && error.message ? error.message : 'Le géocodage a échoué, réessayez.' });
    }
  }

  function choose(option: Option) {
    setQuery(null);
    if (option.kind === 'place') {
      update({ index, change: (current) => stopFromPlace(current, option.place) });
      setStatus(IDLE);
      return;
    }
    update({ index, change: (current) => ({ ...current, address: option.label }) });
    void geocode(option.label);
  }

  const variant = useVariant();
  const label = `Adresse ${stop.step}`;
  const errorId = `${id}-error`;
  const resolvedId = `${id}-resolved`;
  const below = (
    <>
      {stop.geocodeResolved && (
        <p className="resolved" id={resolvedId}>
          <Icon name="check" size={16} />
          <span>
            Adresse vérifiée{stop.postalCode || stop.locality ? ` : ${[stop.postalCode, stop.locality].filter(Boolean).join(' ')}` : ''}
          </span>
        </p>
      )}
      {status.kind === 'loading' && <Waiting>Vérification de l’adresse…</Waiting>}
      {status.kind === 'error' &&
        (variant === 'lite' ? (
          // The earlier variant's red alert, headed 'Error!' (spec §8).
          <div className="alert-red" id={errorId} role="alert">
            <strong>{MESSAGES.geocodeFailureTitle}</strong> {status.message}
          </div>
        ) : (
          <p className="field-error" id={errorId} role="alert">
            <Icon name="warning" size={16} />
            {status.message}
          </p>
        ))}
      {status.kind === 'proposals' && (
        <div role="group" aria-label={`Plusieurs adresses possibles pour ${label}`} className="proposals">
          <p className="muted">Plusieurs adresses correspondent : choisissez la bonne.</p>
          {status.results.map((result) => (
            <button
              key={`${result.address}-${result.lat}-${result.lng}`}
              type="button"
              className="link"
              onClick={() => {
                resolve(stop.uid, result);
                setStatus(IDLE);
              }}
            >
              {result.address}
            </button>
          ))}
        </div>
      )}
    </>
  );
  return (
    <Combobox
      label={label}
      listLabel={`Suggestions pour ${label}`}
      icon="pin"
      target={`address-${stop.step}`}
      placeholder={stop.placeholder ?? 'ex. 10 rue de Rivoli, Paris'}
      invalid={status.kind === 'error'}
      describedBy={status.kind === 'error' ? errorId : stop.geocodeResolved ? resolvedId : undefined}
      value={stop.address}
      onType={(text) => {
        setStatus(IDLE);
        setQuery(text.trim());
        update({ index, change: (current) => withAddressText(current, text) });
      }}
      // Company mode: the saved places are offered before any typing (spec §2).
      onFocus={() => {
        if (stop.address.trim() === '') setQuery('');
      }}
      options={options}
      searching={searching}
      keyOf={(option) => option.id}
      onPick={choose}
      onEnterWithoutOption={() => {
        if (stop.address.trim().length >= 3 && !stop.geocodeResolved) void geocode(stop.address);
      }}
      below={below}
    >
      {(option) => <OptionLines option={option} />}
    </Combobox>
  );
}

/** An address as two lines: the street, then postcode and commune ('75004 Paris', UX §4.3). */
export function splitAddressLabel(label: string): { street: string; place: string } {
  const match = /^(.*?)[,\s]+(\d{5}\s.+)$/.exec(label.trim());
  return match ? { street: match[1]!, place: match[2]! } : { street: label, place: '' };
}

function OptionLines({ option }: { option: Option }) {
  const split = splitAddressLabel(option.label);
  const street = split.street;
  const place = split.place || (option.kind === 'suggestion' ? option.detail : '');
  if (option.kind === 'place') {
    return (
      <>
        <span>
          <span className="place-tag">Lieu enregistré</span> {option.place.label}
        </span>
        <span className="option-meta">{option.label}</span>
      </>
    );
  }
  return (
    <>
      <span>{street}</span>
      {place && <span className="option-meta">{place}</span>}
    </>
  );
}
