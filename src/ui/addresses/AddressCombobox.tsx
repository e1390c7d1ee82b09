import { useSetAtom } from 'jotai';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { addressQuery, stopFromPlace, withAddressText, type SavedPlace, type Stop } from '../../domain/index.ts';
import type { GeocodedAddress } from '../../services/maps/provider.ts';
import { updateStopAtom } from '../../state/stops.atoms.ts';
import { geocoderFor, useProvider, useResolveStop } from '../../state/maps.ts';
import { useVariant } from '../variant.ts';
import { distinctSuggestions, MESSAGES } from '../../domain/index.ts';
import { useSavedPlaceSearch } from '../../state/places.ts';
import { Icon } from '../controls/icons.tsx';
import { SuggestionList } from '../controls/SuggestionList.tsx';
import { Waiting } from '../controls/Waiting.tsx';

export const SUGGEST_DELAY_MS = 250;

type Option =
  { kind: 'suggestion'; id: string; label: string; detail: string } | { kind: 'place'; id: string; label: string; place: SavedPlace };
type Status =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'proposals'; results: GeocodedAddress[] };

/**
 * 'Adresse N': our own ARIA combobox (arrows, Enter, Escape) over the maps provider's
 * suggestions and, in company mode, the saved places (spec §2). Choosing sets loading, then
 * resolves the stop, offers proposals, or shows the failure (spec §4, §8).
 */
export function AddressCombobox({ stop, index }: { stop: Stop; index: number }) {
  const listId = useId();
  const update = useSetAtom(updateStopAtom);
  const resolve = useResolveStop();
  const provider = useProvider();
  const searchPlaces = useSavedPlaceSearch();
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const typed = useRef(false);
  const pending = useRef<AbortController | null>(null);
  // True from a keystroke until the answer for the latest text is shown.
  const searchPending = useRef(false);
  // An Enter pressed before that answer: it picks the first option when the answer comes.
  const enterPending = useRef(false);
  // Escape closed the list for this text: its answer stays closed, and Enter checks the text as typed.
  const dismissed = useRef(false);

  /** Saved places (company mode) then the provider's suggestions, each address once. */
  async function search(text: string, signal: AbortSignal): Promise<Option[] | null> {
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
        suggestions = (await (await provider()).suggest(addressQuery(text, stop.streetNumber), signal)).map((s) => ({
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
    if (signal.aborted) return null;
    return distinctSuggestions([...placeOptions, ...suggestions]);
  }

  function runSearch(text: string, delay: number) {
    const timer = setTimeout(async () => {
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      const found = await search(text, controller.signal);
      if (found === null) return;
      searchPending.current = false;
      setOptions(found);
      setActive(-1);
      if (enterPending.current) {
        enterPending.current = false;
        setStatus({ kind: 'idle' });
        if (found[0]) choose(found[0]);
        else if (text.length >= 3) void geocode(text);
        return;
      }
      setOpen(found.length > 0 && !dismissed.current);
    }, delay);
    return () => clearTimeout(timer);
  }

  useEffect(() => {
    if (!typed.current) return;
    const text = stop.address.trim();
    return runSearch(text, text.length >= 3 ? SUGGEST_DELAY_MS : 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a search per typed text; the helpers read the latest state
  }, [stop.address, searchPlaces, provider]);

  async function geocode(text: string) {
    setOpen(false);
    setStatus({ kind: 'loading' });
    try {
      const results = await geocoderFor(await provider())(addressQuery(text, stop.streetNumber));
      if (results.length === 0) setStatus({ kind: 'error', message: 'Adresse introuvable : vérifiez le numéro et la commune.' });
      else if (results.length === 1) {
        resolve(stop.uid, results[0]!);
        setStatus({ kind: 'idle' });
      } else setStatus({ kind: 'proposals', results });
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error && error.message ? error.message : 'Le géocodage a échoué, réessayez.' });
    }
  }

  function choose(option: Option) {
    typed.current = false;
    setOpen(false);
    if (option.kind === 'place') {
      update({ index, change: (current) => stopFromPlace(current, option.place) });
      setStatus({ kind: 'idle' });
      return;
    }
    update({ index, change: (current) => ({ ...current, address: option.label }) });
    void geocode(option.label);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open && options.length > 0) setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (options.length === 0 ? -1 : (current + step + options.length) % options.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = open ? (options[active] ?? options[0]) : undefined;
      if (option && !searchPending.current) choose(option);
      else if (searchPending.current) {
        // Typed fast and pressed Enter at once: the first answer is taken when it comes.
        enterPending.current = true;
        setStatus({ kind: 'searching' });
      } else if (stop.address.trim().length >= 3 && !stop.geocodeResolved) void geocode(stop.address);
    } else if (event.key === 'Escape') {
      dismissed.current = true;
      searchPending.current = false;
      enterPending.current = false;
      setOpen(false);
      setActive(-1);
    }
  }

  const variant = useVariant();
  const label = `Adresse ${stop.step}`;
  const errorId = `${listId}-error`;
  const inputId = `${listId}-input`;
  return (
    <div className="combobox">
      <label htmlFor={inputId}>{label}</label>
      <div className="combobox-field">
        <span className="lead" aria-hidden="true">
          <Icon name="pin" />
        </span>
        <input
          id={inputId}
          role="combobox"
          data-target={`address-${stop.step}`}
          aria-label={label}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={status.kind === 'error'}
          aria-describedby={status.kind === 'error' ? errorId : stop.geocodeResolved ? `${listId}-resolved` : undefined}
          autoComplete="off"
          placeholder={stop.placeholder ?? 'ex. 10 rue de Rivoli, Paris'}
          value={stop.address}
          onFocus={() => {
            // Company mode: the saved places are offered before any typing (spec §2).
            if (stop.address.trim() === '') runSearch('', 0);
          }}
          onChange={(event) => {
            typed.current = true;
            searchPending.current = true;
            enterPending.current = false;
            dismissed.current = false;
            setStatus({ kind: 'idle' });
            update({ index, change: (current) => withAddressText(current, event.target.value) });
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
        />
      </div>
      {stop.geocodeResolved && (
        <p className="resolved" id={`${listId}-resolved`}>
          <Icon name="check" size={16} />
          <span>
            Adresse vérifiée{stop.postalCode || stop.locality ? ` : ${[stop.postalCode, stop.locality].filter(Boolean).join(' ')}` : ''}
          </span>
        </p>
      )}
      <SuggestionList
        id={listId}
        label={`Suggestions pour ${label}`}
        open={open}
        options={options}
        active={active}
        keyOf={(option) => option.id}
        onChoose={choose}
      >
        {(option) => <OptionLines option={option} />}
      </SuggestionList>
      {status.kind === 'searching' && <Waiting>Recherche…</Waiting>}
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
          <p className="muted">Plusieurs adresses correspondent : choisissez la bonne.</p>
          {status.results.map((result) => (
            <button
              key={`${result.address}-${result.lat}-${result.lng}`}
              type="button"
              className="link"
              onClick={() => {
                resolve(stop.uid, result);
                setStatus({ kind: 'idle' });
              }}
            >
              {result.address}
            </button>
          ))}
        </div>
      )}
    </div>
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
