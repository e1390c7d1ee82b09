import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { submitAttemptAtom } from '../../state/finalisation.atoms.ts';
import { liteCursorAtom } from '../../state/lite.atoms.ts';
import { isLiteSaveIconVisible, MESSAGES } from '../../domain/index.ts';
import { showBannerAtom } from '../../state/banner.atoms.ts';
import { travelIdentityAtom } from '../../state/identity.atoms.ts';
import { servicesAtom } from '../../state/services.atoms.ts';
import { savingAtom, validStepsAtom } from '../../state/wizard.atoms.ts';
import { BusySlot } from '../controls/ActionBar.tsx';
import { Icon } from '../controls/icons.tsx';
import { LiteDateField } from '../deferred-time-parts.ts';
import { TimeWindowSwitch } from '../controls/TimeWindowSwitch.tsx';

const CODE_MISSING = 'La connexion a peut-être été coupée.';

/**
 * The earlier variant's header (spec §2): the travel date in long French format (past days
 * refused), the time-window toggle, and the save icon for an existing trip whose steps are
 * all valid, a spinner while loading.
 */
export function LiteHeader() {
  const store = useStore();
  const identity = useAtomValue(travelIdentityAtom);
  const valid = useAtomValue(validStepsAtom);
  const loading = useAtomValue(savingAtom);
  const services = useAtomValue(servicesAtom);
  const showSave = isLiteSaveIconVisible(identity.travelId === null, valid);
  const setAttempt = useSetAtom(submitAttemptAtom);
  const setCursor = useSetAtom(liteCursorAtom);
  const showBanner = useSetAtom(showBannerAtom);
  // An incomplete contact form is said, and opened, rather than silently not saved.
  const save = async () => {
    if (!services) return;
    // Saving needs dates in France (luxon): its code comes with the stop times, just after the page.
    const parts = await import('../../state/time-parts.ts').catch(() => null);
    if (!parts) {
      showBanner({ id: 'save', kind: 'error', text: `${MESSAGES.saveFailed}. ${CODE_MISSING}` });
      return;
    }
    const { saveBooking } = parts;
    // An incomplete form opens the Contacts step with its error summary, which goes once all is right.
    if ((await saveBooking(store, services)) === 'invalid') {
      setCursor(3);
      setAttempt((count) => count + 1);
    }
  };
  return (
    <div className="lite-bar lite-header" part="lite-header">
      <LiteDateField />
      <TimeWindowSwitch className="switch-row" />
      {loading ? (
        <BusySlot label="Enregistrement…" />
      ) : (
        showSave &&
        services && (
          <button type="button" className="icon" aria-label="Enregistrer les modifications" onClick={() => void save()}>
            <Icon name="save" />
          </button>
        )
      )}
    </div>
  );
}
