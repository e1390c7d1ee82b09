import { useAtom } from 'jotai';
import { useId, type ReactElement } from 'react';
import { inBusinessZone, moveStopsToDate, quarterHourChoices, validateCustomer, type CustomerField } from '../../domain/index.ts';
import { useNow } from '../../state/clock.ts';
import { customerAtom } from '../../state/customer.atoms.ts';
import { stopsAtom } from '../../state/stops.atoms.ts';

/** The customer form (spec §5) with its French messages, shown once a field was left or a save tried. */
export function CustomerForm({ showAll, touched, touch }: { showAll: boolean; touched: Set<CustomerField>; touch: (field: CustomerField) => void }) {
  const [customer, setCustomer] = useAtom(customerAtom);
  const [stops, setStops] = useAtom(stopsAtom);
  const id = useId();
  const now = useNow();
  const errors = validateCustomer(customer, now);
  const visible = (field: CustomerField) => (showAll || touched.has(field) ? errors[field] : undefined);
  const today = inBusinessZone(now).toISODate()!;
  const times = customer.date ? quarterHourChoices(customer.date, now) : [];

  const field = (name: CustomerField, label: string, input: ReactElement) => (
    <label>
      {label}
      {input}
      {visible(name) && <span className="field-error" id={`${id}-${name}`}>{visible(name)}</span>}
    </label>
  );
  const common = (name: CustomerField) => ({
    'aria-invalid': Boolean(visible(name)),
    'aria-describedby': visible(name) ? `${id}-${name}` : undefined,
    onBlur: () => touch(name),
  });

  return (
    <fieldset className="card">
      <legend>Vos coordonnées</legend>
      <div className="row">
        {field('name', 'Nom du contact', <input autoComplete="name" value={customer.name} onChange={(e) => setCustomer({ ...customer, name: e.target.value })} {...common('name')} />)}
        {field('phone', 'Téléphone', <input type="tel" autoComplete="tel" value={customer.phone} onChange={(e) => setCustomer({ ...customer, phone: e.target.value })} {...common('phone')} />)}
        {field('email', 'E-mail', <input type="email" autoComplete="email" value={customer.email} onChange={(e) => setCustomer({ ...customer, email: e.target.value })} {...common('email')} />)}
      </div>
      <div className="row">
        {field('date', 'Date du transport', (
          <input type="date" min={today} value={customer.date} {...common('date')} onChange={(e) => {
            setCustomer({ ...customer, date: e.target.value });
            if (e.target.value) setStops(moveStopsToDate(stops, e.target.value));
          }} />
        ))}
        {field('time', 'Heure de début', (
          <select value={customer.time} onChange={(e) => setCustomer({ ...customer, time: e.target.value })} {...common('time')}>
            <option value="">Choisir une heure</option>
            {times.map((time) => <option key={time} value={time}>{time.replace(':', ' h ')}</option>)}
          </select>
        ))}
        <label>
          Référence (facultatif)
          <input value={customer.reference} onChange={(e) => setCustomer({ ...customer, reference: e.target.value })} />
        </label>
      </div>
      <label>
        Notes pour le transporteur
        <textarea rows={3} value={customer.notes} onChange={(e) => setCustomer({ ...customer, notes: e.target.value })} />
      </label>
    </fieldset>
  );
}
