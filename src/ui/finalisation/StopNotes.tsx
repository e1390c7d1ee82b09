import { useAtomValue, useSetAtom } from 'jotai';
import { stopNotesLabel } from '../../domain/places/stop-notes.ts';
import { stopsAtom, updateStopAtom } from '../../state/stops.atoms.ts';
import { Field } from '../controls/Field.tsx';

/** Notes per stop (spec §2), titled by the stop's label when it has 5+ characters (spec §9). */
export function StopNotes() {
  const stops = useAtomValue(stopsAtom);
  const update = useSetAtom(updateStopAtom);
  return (
    <fieldset className="stop-notes">
      <legend>Notes par étape (facultatif)</legend>
      {stops.map((stop, index) => (
        <Field key={stop.uid} label={stopNotesLabel(stop)}>
          <textarea rows={2} value={stop.notes} onChange={(e) => update({ index, change: (s) => ({ ...s, notes: e.target.value }) })} />
        </Field>
      ))}
    </fieldset>
  );
}
