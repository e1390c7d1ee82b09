import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { isLiteSaveIconVisible } from '../../domain/steps/validity.ts';
import { isNewTravelAtom, savingAtom } from '../../state/booking.atoms.ts';
import { prepareSave, saveAtom } from '../../state/save.atoms.ts';
import { validStepsAtom } from '../../state/steps.atoms.ts';
import { BusySlot } from '../controls/ActionBar.tsx';
import { Icon } from '../controls/icons.tsx';
import { TimeWindowSwitch } from '../controls/TimeWindowSwitch.tsx';
import { LiteDateField } from '../lazy-time-fields.ts';

/**
 * The earlier variant's header (spec §2): the travel date in long French format (past days
 * refused), the time-window toggle, and the save icon for an existing trip whose steps are
 * all valid, a spinner while saving. A save refused opens the Contacts step on the form to
 * correct, as Enregistrer does.
 */
export function LiteHeader() {
  const isNew = useAtomValue(isNewTravelAtom);
  const valid = useAtomValue(validStepsAtom);
  const saving = useAtomValue(savingAtom);
  const save = useSetAtom(saveAtom);
  const saveShown = isLiteSaveIconVisible(isNew, valid);
  useEffect(() => {
    if (saveShown) prepareSave();
  }, [saveShown]);
  return (
    <div className="lite-bar lite-header" part="lite-header">
      <LiteDateField />
      <TimeWindowSwitch className="switch-row" />
      {saving ? (
        <BusySlot label="Enregistrement…" />
      ) : (
        saveShown && (
          <button type="button" className="icon" aria-label="Enregistrer les modifications" onClick={() => void save()}>
            <Icon name="save" />
          </button>
        )
      )}
    </div>
  );
}
