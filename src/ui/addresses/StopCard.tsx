import { useAtomValue, useSetAtom } from 'jotai';
import { memo } from 'react';
import { MAX_ADDRESSES } from '../../domain/constants.ts';
import { withFloor, type Stop, type TaskType } from '../../domain/entities/stop.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { taskTypesEditableAtom, updateStopAtom } from '../../state/stops.atoms.ts';
import { AddressCombobox } from './AddressCombobox.tsx';
import { StopContacts } from './StopContacts.tsx';
import { StopTimes } from '../lazy-time-fields.ts';
import { useVariant } from '../variant.ts';
import { mapsStatusAtom } from '../../state/maps-status.atoms.ts';
import { Icon } from '../controls/icons.tsx';

export const TASK_LABELS: Record<TaskType, string> = { pickup: 'Enlèvement', dropoff: 'Livraison', service: 'Intervention' };
const FLOORS = [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
export const floorLabel = (floor: number) =>
  floor === -1 ? 'Rue' : floor === 0 ? 'Rez-de-chaussée' : floor === 1 ? '1er étage' : `${floor}e étage`;

export type StopAction = 'add' | 'remove' | 'up' | 'down';

/**
 * One stop: address, task type, floor and lift, minutes on site, and its row actions (UX §3.3).
 * Memoized: with 50 stops, a move or an edit re-renders only the cards whose stop or place
 * changed (`onAction` is stable, and stops that keep their place keep their object); a new
 * arrival time re-renders only the lines that show it (see StopTimes).
 */
export const StopCard = memo(function StopCard({
  stop,
  index,
  count,
  onAction,
}: {
  stop: Stop;
  index: number;
  count: number;
  onAction: (action: StopAction, index: number) => void;
}) {
  const actions = {
    add: count < MAX_ADDRESSES ? () => onAction('add', index) : null,
    remove: count > 2 ? () => onAction('remove', index) : null,
    moveUp: index > 0 ? () => onAction('up', index) : null,
    moveDown: index < count - 1 ? () => onAction('down', index) : null,
  };
  const update = useSetAtom(updateStopAtom);
  const company = useAtomValue(companyDataAtom);
  const taskTypesEditable = useAtomValue(taskTypesEditableAtom);
  const name = `l’adresse ${stop.step}`;
  return (
    <li className="stop-item" data-stop-index={index} aria-label={`Étape ${stop.step} : ${TASK_LABELS[stop.type]}`}>
      <div className="card stop" part="stop">
        <div className="stop-head">
          <span className="drag-handle" aria-hidden="true">
            <Icon name="grip" />
          </span>
          {count > 3 && (
            <span className="step-number" aria-label={`Étape ${stop.step}`}>
              {stop.step}
            </span>
          )}
          {taskTypesEditable ? (
            <label className="task-select">
              <span className="visually-hidden">Type de tâche de {name}</span>
              <select
                value={stop.type}
                onChange={(event) => update({ index, change: (s) => ({ ...s, type: event.target.value as TaskType }) })}
              >
                {(['service', 'pickup', 'dropoff'] as const).map((type) => (
                  <option key={type} value={type}>
                    {TASK_LABELS[type]}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <span className="stop-title">{TASK_LABELS[stop.type]}</span>
          )}
          {stop.label && <span className="stop-label">{stop.label}</span>}
          <span className="stop-tools">
            {actions.moveUp && (
              <button type="button" className="icon" data-stop-action="up" onClick={actions.moveUp} aria-label={`Monter ${name}`}>
                <Icon name="arrow" turn="up" />
              </button>
            )}
            {actions.moveDown && (
              <button type="button" className="icon" data-stop-action="down" onClick={actions.moveDown} aria-label={`Descendre ${name}`}>
                <Icon name="arrow" turn="down" />
              </button>
            )}
            {actions.remove && (
              <button type="button" className="icon" data-stop-action="remove" onClick={actions.remove} aria-label={`Supprimer ${name}`}>
                <Icon name="trash" />
              </button>
            )}
          </span>
        </div>
        <LiteAwareAddress stop={stop} index={index} />
        <div className="floor-row">
          {!company.hide_address_floor && (
            <>
              <label>
                Étage
                <select
                  aria-label={`Étage de ${name}`}
                  value={stop.floor}
                  onChange={(event) => update({ index, change: (s) => withFloor(s, Number(event.target.value)) })}
                >
                  {FLOORS.map((floor) => (
                    <option key={floor} value={floor}>
                      {floorLabel(floor)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="checkbox">
                <input
                  type="checkbox"
                  aria-label={`Ascenseur à ${name}`}
                  checked={stop.elevator}
                  disabled={stop.floor <= 0}
                  onChange={(event) => update({ index, change: (s) => ({ ...s, elevator: event.target.checked }) })}
                />
                Ascenseur
              </label>
            </>
          )}
        </div>
        <StopTimes stop={stop} index={index} />
        <StopContacts stop={stop} index={index} />
      </div>
      {actions.add && (
        <div className="stop-after">
          <button type="button" className="ghost" onClick={actions.add} aria-label={`Ajouter une étape après ${name}`}>
            <Icon name="plus" />
            Ajouter une étape
          </button>
        </div>
      )}
    </li>
  );
});

/**
 * The earlier variant shows its address input only once the maps service has loaded, and
 * has a street number field of its own (spec §2, §3); the wizard always shows the input.
 */
function LiteAwareAddress({ stop, index }: { stop: Stop; index: number }) {
  const variant = useVariant();
  const maps = useAtomValue(mapsStatusAtom);
  const update = useSetAtom(updateStopAtom);
  if (variant === 'wizard') return <AddressCombobox stop={stop} index={index} />;
  // The panel says once why the inputs are not there yet (MapsStatusNotice).
  if (maps.kind !== 'ready') return null;
  // The number asked apart only until the address is verified: then it is in the address line,
  // not repeated beside it. The address keeps its place in the tree, so its field stays the same.
  return (
    <div className="lite-address">
      {!stop.geocodeResolved && (
        <label className="street-number">
          Numéro
          <input
            aria-label={`Numéro de rue de l’adresse ${stop.step}`}
            inputMode="numeric"
            maxLength={10}
            value={stop.streetNumber ?? ''}
            onChange={(event) => update({ index, change: (s) => ({ ...s, streetNumber: event.target.value }) })}
          />
        </label>
      )}
      <AddressCombobox stop={stop} index={index} />
    </div>
  );
}
