import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { isFormValid, validateCustomer } from '../../domain/index.ts';
import { saveBooking, savingAtom } from '../../state/booking.ts';
import { companyModeAtom } from '../../state/company.atoms.ts';
import { customerAtom } from '../../state/customer.atoms.ts';
import { finalTabAtom, submitAttemptAtom } from '../../state/finalisation.atoms.ts';
import { travelIdentityAtom } from '../../state/identity.atoms.ts';
import { servicesAtom } from '../../state/services.atoms.ts';
import { postedTravelsAtom } from '../../state/wizard.atoms.ts';
import { ActionBar, BusySlot } from '../controls/ActionBar.tsx';
import { BarTotal } from '../controls/BarTotal.tsx';

/**
 * Enregistrer / Mettre à jour ! / Dupliquer (spec §2) in the action bar. A refused save counts
 * an attempt: the panel then shows every message and focuses the first field in error.
 */
export function SaveActions({ onPrevious }: { onPrevious: (() => void) | null }) {
  const store = useStore();
  const services = useAtomValue(servicesAtom);
  const saving = useAtomValue(savingAtom);
  const identity = useAtomValue(travelIdentityAtom);
  const companyMode = useAtomValue(companyModeAtom);
  const posted = useAtomValue(postedTravelsAtom);
  const setTab = useSetAtom(finalTabAtom);
  const setAttempt = useSetAtom(submitAttemptAtom);
  const [said, setSaid] = useState('');
  const isNew = identity.travelId === null;

  const save = async (duplicate: boolean) => {
    if (!services) return;
    const outcome = await saveBooking(store, services, { duplicate });
    if (outcome === 'invalid') {
      const customerOk = isFormValid(validateCustomer(store.get(customerAtom), DateTime.fromJSDate(services.now())));
      setTab(customerOk ? 'contacts' : 'customer');
      setAttempt((count) => count + 1);
    }
    if (outcome === 'duplicated') {
      const last = store.get(postedTravelsAtom).at(-1);
      if (last) setSaid(`Copie enregistrée : réservation n° ${String(last.id)}. Le formulaire reste rempli pour la suivante.`);
    }
  };
  const duplicable = isNew && companyMode;
  return (
    <ActionBar
      onPrevious={onPrevious}
      total={<BarTotal />}
      hint={
        said ? (
          <p className="hint-line" role="status">
            {said}
          </p>
        ) : null
      }
      twoRows={duplicable}
    >
      {saving ? (
        <BusySlot label="Enregistrement…" />
      ) : (
        <>
          {duplicable && (
            <button type="button" part="button-secondary" onClick={() => void save(true)}>
              Dupliquer
            </button>
          )}
          {posted.length === 0 && (
            <button type="button" className="primary" part="button-primary" onClick={() => void save(false)}>
              {isNew ? 'Enregistrer' : 'Mettre à jour !'}
            </button>
          )}
        </>
      )}
    </ActionBar>
  );
}
