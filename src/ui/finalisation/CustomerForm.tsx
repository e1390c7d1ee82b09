import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { formatClock, NBSP } from '../../domain/format.ts';
import { timeValueOf } from '../../domain/format-dates.ts';
import { quarterHourChoices } from '../../domain/time/choices.ts';
import { splitPoolNotes, withOwnNotes } from '../../domain/pools/pool-selection.ts';
import { validateCustomer, type CustomerField } from '../../domain/validation/customer-form.ts';
import { useNow, useTravelDay } from '../../state/now.ts';
import { stopsAtom, updateStopAtom } from '../../state/stops.atoms.ts';
import { withEarliestTime } from '../../domain/time/windows.ts';
import { LateArrivalNote } from './LateArrivalNote.tsx';
import { companyModeAtom } from '../../state/company.atoms.ts';
import { customerAtom, editCustomerAtom } from '../../state/customer.atoms.ts';
import { chooseTravelDateAtom } from '../../state/travel-date.atoms.ts';
import { DateSelect } from '../controls/DateSelect.tsx';
import { Field } from '../controls/Field.tsx';
import { useVariant } from '../variant.ts';
import { addressText } from '../../domain/places/address-text.ts';
import { MAX_POSTAL_ADDRESS_LENGTH } from '../../domain/entities/customer.ts';

/** The labels of the customer fields, also used by the error summary. */
export const CUSTOMER_LABELS: Record<CustomerField, string> = {
  name: 'Nom du contact',
  phone: 'Téléphone',
  email: 'E-mail',
  address: 'Adresse postale',
  date: 'Date du transport',
  time: 'Heure de début',
};

/** A visitor books for themself: their own name, in the words of a French form. */
export function customerLabels(companyMode: boolean): Record<CustomerField, string> {
  return companyMode ? CUSTOMER_LABELS : { ...CUSTOMER_LABELS, name: 'Nom et prénom' };
}

/** The customer form (spec §5) with its French messages, shown once a field was left or a save tried. */
export function CustomerForm({
  showAll,
  touched,
  touch,
}: {
  showAll: boolean;
  touched: Set<CustomerField>;
  touch: (field: CustomerField) => void;
}) {
  const customer = useAtomValue(customerAtom);
  const editCustomer = useSetAtom(editCustomerAtom);
  const chooseDate = useSetAtom(chooseTravelDateAtom);
  const now = useNow();
  const errors = validateCustomer(customer, now);
  const visible = (field: CustomerField) => (showAll || touched.has(field) ? errors[field] : undefined);
  // The day chosen on the addresses (or the default one), shown here to be changed, never asked twice.
  const day = useTravelDay();
  const times = quarterHourChoices(day, now);
  // A start already given as the first stop's time is the customer's start (spec §5 still
  // wants one): shown here, and changed here it moves that stop's time too, so the arrivals
  // and the recap follow one start.
  const firstTime = useAtomValue(stopsAtom)[0]?.timewindowEarliest;
  const startFromStop = firstTime ? timeValueOf(firstTime) : '';
  const updateStop = useSetAtom(updateStopAtom);
  useEffect(() => {
    if (startFromStop) editCustomer({ time: startFromStop });
  }, [startFromStop, editCustomer]);
  const chooseStart = (time: string) => {
    editCustomer({ time });
    if (startFromStop && time) updateStop({ index: 0, change: (stop) => withEarliestTime(stop, day, time) });
  };
  // The postal address the devis carries, proposed from the pickup stop once, then the customer's to change.
  const pickup = useAtomValue(stopsAtom)[0];
  const pickupAddress = pickup?.geocodeResolved ? addressText(pickup.address).replace(/\u00a0/g, ' ') : '';
  useEffect(() => {
    if (customer.address === '' && pickupAddress !== '') editCustomer({ address: pickupAddress });
    // Only when the field is empty: what the customer typed is never replaced.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pickupAddress]);
  const notes = splitPoolNotes(customer.notes);
  const variant = useVariant();
  // A company types its customer's details, not its own: 'Client', and no autofill of the user's.
  const companyMode = useAtomValue(companyModeAtom);
  const autofill = (token: string) => (companyMode ? 'off' : token);
  const labels = customerLabels(companyMode);

  return (
    <fieldset className="customer-form">
      <legend>{companyMode ? 'Client' : 'Vos coordonnées'}</legend>
      <div className="row">
        <Field
          label={labels.name}
          help={companyMode ? 'Au moins 4 caractères' : 'Prénom et nom, par exemple Léa Roux'}
          error={visible('name')}
        >
          <input
            autoComplete={autofill('name')}
            data-target="customer-name"
            value={customer.name}
            onBlur={() => touch('name')}
            onChange={(e) => editCustomer({ name: e.target.value })}
          />
        </Field>
        <Field label={CUSTOMER_LABELS.phone} error={visible('phone')}>
          <input
            type="tel"
            inputMode="tel"
            autoComplete={autofill('tel')}
            data-target="customer-phone"
            value={customer.phone}
            onBlur={() => touch('phone')}
            onChange={(e) => editCustomer({ phone: e.target.value })}
          />
        </Field>
      </div>
      <Field label={CUSTOMER_LABELS.email} error={visible('email')}>
        <input
          type="email"
          autoComplete={autofill('email')}
          data-target="customer-email"
          value={customer.email}
          onBlur={() => touch('email')}
          onChange={(e) => editCustomer({ email: e.target.value })}
        />
      </Field>
      <Field
        label={companyMode ? 'Adresse postale du client' : labels.address}
        help={`Elle figure sur le devis${NBSP}; proposée d’après l’adresse de chargement`}
        error={visible('address')}
      >
        <textarea
          rows={2}
          autoComplete={autofill('street-address')}
          data-target="customer-address"
          value={customer.address}
          maxLength={MAX_POSTAL_ADDRESS_LENGTH}
          onBlur={() => touch('address')}
          onChange={(e) => editCustomer({ address: e.target.value })}
        />
      </Field>
      <div className="row">
        {/* The earlier variant's header holds the date, always in view: one field, not two. */}
        {variant === 'wizard' && (
          <Field
            label={CUSTOMER_LABELS.date}
            help={`Celle des adresses${NBSP}: la changer déplace toutes les étapes`}
            error={visible('date')}
          >
            <DateSelect
              data-target="customer-date"
              value={day}
              placeholder="Choisissez une date"
              onBlur={() => touch('date')}
              onChange={(date) => chooseDate(date)}
            />
          </Field>
        )}
        <Field label={CUSTOMER_LABELS.time} error={visible('time')}>
          <select
            data-target="customer-time"
            value={customer.time}
            onBlur={() => touch('time')}
            onChange={(e) => chooseStart(e.target.value)}
          >
            <option value="">Choisissez une heure</option>
            {times.map((time) => (
              <option key={time} value={time}>
                {formatClock(time)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <LateArrivalNote id="late-arrival" />
      {/* A company's own reference for the job; a visitor has none to give. */}
      {companyMode && (
        <Field label="Référence (facultatif)">
          <input value={customer.reference} onChange={(e) => editCustomer({ reference: e.target.value })} />
        </Field>
      )}
      <Field label="Notes pour le transporteur (facultatif)" help={notes.pool ? `Consignes de la grille : ${notes.pool}` : undefined}>
        <textarea rows={3} value={notes.own} onChange={(e) => editCustomer({ notes: withOwnNotes(customer.notes, e.target.value) })} />
      </Field>
    </fieldset>
  );
}
