import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { stopFromPlace, withAddressText, type SavedPlace, type Stop } from '../../domain/index.ts';
import type { GeocodedAddress } from '../../services/maps/provider.ts';
import { companyDataAtom, companyModeAtom } from '../../state/company.atoms.ts';
import { updateStopAtom } from '../../state/stops.atoms.ts';
import { geocoderFor, useProvider, useResolveStop } from './use-geocoder.ts';
import { useVariant } from '../variant.ts';
import { MESSAGES } from '../../domain/index.ts';
import { searchWordsOf } from './search-words.ts';

export const SUGGEST_DELAY_MS = 250;

type Option = { kind: 'suggestion'; id: string; label: string } | { kind: 'place'; id: string; label: string; place: SavedPlace };
type Status = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'proposals'; results: GeocodedAddress[] };

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
  const companyMode = useAtomValue(companyModeAtom);
  const places = useAtomValue(companyDataAtom).places;
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const typed = useRef(false);
  const pending = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!typed.current) return;
    const text = stop.address.trim();
    const timer = setTimeout(async () => {
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      const placeOptions: Option[] = companyMode
        ? places
            .filter((place) => searchWordsOf(text).every((word) => searchWordsOf(`${place.label} ${place.address_complete}`).some((w) => w.startsWith(word))))
            .slice(0, 5)
            .map((place) => ({ kind: 'place', id: `place-${place.id}`, label: `${place.label} — ${place.address_complete}`, place }))
        : [];
      let suggestions: Option[] = [];
      try {
        suggestions = (await (await provider()).suggest(text, controller.signal)).map((s) => ({ kind: 'suggestion' as const, id: s.id, label: s.label }));
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof Error && error.message) setStatus({ kind: 'error', message: error.message });
      }
      if (controller.signal.aborted) return;
      setOptions([...placeOptions, ...suggestions]);
      setActive(-1);
      setOpen(placeOptions.length + suggestions.length > 0);
    }, text.length >= 3 ? SUGGEST_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [stop.address, companyMode, places, provider]);

  async function geocode(text: string) {
    setOpen(false);
    setStatus({ kind: 'loading' });
    try {
      const results = await geocoderFor(await provider())(text);
      if (results.length === 0) setStatus({ kind: 'error', message: 'Adresse introuvable : indiquez le numéro et la rue.' });
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
      const option = open ? options[active] : undefined;
      if (option) choose(option);
      else if (stop.address.trim().length >= 3 && !stop.geocodeResolved) void geocode(stop.address);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  }

  const variant = useVariant();
  const label = `Adresse ${stop.step}`;
  const errorId = `${listId}-error`;
  return (
    <div className="combobox">
      <label>
        <span>
          {label}
          {stop.geocodeResolved && <span className="resolved"> ✓ adresse vérifiée</span>}
        </span>
        <input
          role="combobox"
          aria-label={label}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={status.kind === 'error'}
          aria-describedby={status.kind === 'error' ? errorId : undefined}
          autoComplete="off"
          placeholder={stop.placeholder ?? 'Numéro, rue, code postal, ville'}
          value={stop.address}
          onChange={(event) => {
            typed.current = true;
            setStatus({ kind: 'idle' });
            update({ index, change: (current) => withAddressText(current, event.target.value) });
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
        />
      </label>
      <ul id={listId} role="listbox" aria-label={`Suggestions pour ${label}`} className="suggestions" hidden={!open}>
        {options.map((option, position) => (
          <li
            key={option.id}
            id={`${listId}-${position}`}
            role="option"
            aria-selected={position === active}
            className={position === active ? 'active' : undefined}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            {option.kind === 'place' ? <span className="place-tag">Lieu enregistré</span> : null} {option.label}
          </li>
        ))}
      </ul>
      {status.kind === 'loading' && <p className="muted" role="status">Vérification de l’adresse…</p>}
      {status.kind === 'error' &&
        (variant === 'lite' ? (
          // The earlier variant's red alert, headed 'Error!' (spec §8).
          <div className="alert-red" id={errorId} role="alert">
            <strong>{MESSAGES.geocodeFailureTitle}</strong> {status.message}
          </div>
        ) : (
          <p className="field-error" id={errorId} role="alert">
            {status.message}
          </p>
        ))}
      {status.kind === 'proposals' && (
        <div role="group" aria-label={`Plusieurs adresses possibles pour ${label}`} className="proposals">
          <p className="muted">Plusieurs adresses correspondent : choisissez la bonne.</p>
          {status.results.map((result) => (
            <button key={`${result.address}-${result.lat}-${result.lng}`} type="button" className="link" onClick={() => { resolve(stop.uid, result); setStatus({ kind: 'idle' }); }}>
              {result.address}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
