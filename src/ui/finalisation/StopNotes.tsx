import { useAtomValue, useSetAtom } from 'jotai';
import { stopNoteTitle } from '../../domain/index.ts';
import { stopsAtom, updateStopAtom } from '../../state/stops.atoms.ts';

/** Notes per stop (spec §2), titled by the stop's label when it has 5+ characters (spec §9). */
export function StopNotes() {
  const stops = useAtomValue(stopsAtom);
  const update = useSetAtom(updateStopAtom);
  return (
    <fieldset className="card">
      <legend>Notes par étape</legend>
      {stops.map((stop, index) => (
        <label key={stop.uid}>
          Notes pour {stopNoteTitle(stop)}
          <textarea rows={2} value={stop.notes} onChange={(e) => update({ index, change: (s) => ({ ...s, notes: e.target.value }) })} />
        </label>
      ))}
    </fieldset>
  );
}
