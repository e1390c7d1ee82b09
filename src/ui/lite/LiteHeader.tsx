import { useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { showBannerAtom } from '../../state/banner.atoms.ts';
import { liteCursorAtom } from '../../state/lite.atoms.ts';
import { formatLongDate, inBusinessZone, isLiteSaveIconVisible, isSelectableDay, moveStopsToDate } from '../../domain/index.ts';
import { saveBooking } from '../../state/booking.ts';
import { useNow } from '../../state/clock.ts';
import { customerAtom } from '../../state/customer.atoms.ts';
import { travelIdentityAtom } from '../../state/identity.atoms.ts';
import { servicesAtom } from '../../state/services.atoms.ts';
import { stopsAtom } from '../../state/stops.atoms.ts';
import { loadingAtom, validStepsAtom } from '../../state/wizard.atoms.ts';
import { useTravelDay } from '../addresses/StopTimes.tsx';
import { Spinner } from '../controls/Spinner.tsx';
import { SaveIcon } from '../controls/icons.tsx';

/**
 * The earlier variant's header (spec §2): the travel date in long French format (past days
 * refused), the time-window toggle, and the save icon for an existing trip whose steps are
 * all valid, a spinner while loading.
 */
export function LiteHeader() {
  const store = useStore();
  const [customer, setCustomer] = useAtom(customerAtom);
  const [stops, setStops] = useAtom(stopsAtom);
  const [identity, setIdentity] = useAtom(travelIdentityAtom);
  const valid = useAtomValue(validStepsAtom);
  const loading = useAtomValue(loadingAtom);
  const services = useAtomValue(servicesAtom);
  const day = useTravelDay();
  const now = useNow();
  const today = inBusinessZone(now).toISODate()!;
  const showSave = isLiteSaveIconVisible(identity.travelId === null, valid);
  const showBanner = useSetAtom(showBannerAtom);
  const setCursor = useSetAtom(liteCursorAtom);
  // An incomplete contact form is said, and opened, rather than silently not saved.
  const save = async () => {
    if (!services) return;
    if ((await saveBooking(store, services)) === 'invalid') {
      showBanner({ id: 'lite-invalid', kind: 'warning', text: 'Les coordonnées sont incomplètes : complétez l’étape Contacts avant d’enregistrer.' });
      setCursor(3);
    }
  };
  return (
    <div className="lite-bar lite-header">
      <label>
        Date du transport
        <input type="date" min={today} value={customer.date || day} onChange={(event) => {
          const date = event.target.value;
          if (!date || !isSelectableDay(date, now)) return;
          setCustomer({ ...customer, date });
          setStops(moveStopsToDate(stops, date));
        }} />
        <span className="long-date" aria-live="polite">{formatLongDate(customer.date || day)}</span>
      </label>
      <label className="checkbox">
        <span>
          <input type="checkbox" checked={identity.timewindowEnabled} onChange={(event) => setIdentity({ ...identity, timewindowEnabled: event.target.checked })} /> Créneaux horaires
        </span>
      </label>
      {loading ? (
        <Spinner />
      ) : (
        showSave && services && (
          <button type="button" className="icon" aria-label="Enregistrer les modifications" title="Enregistrer les modifications" onClick={() => void save()}>
            <SaveIcon />
          </button>
        )
      )}
    </div>
  );
}
