import { useAtomValue, useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import { canAddExpense, expenseAmount, validateExpense } from '../../domain/validation/expense-form.ts';
import { makeItem } from '../../domain/entities/item.ts';
import { pricesAllowedAtom } from '../../state/company.atoms.ts';
import { saveItemAtom } from '../../state/item-list.atoms.ts';
import { Field } from '../controls/Field.tsx';

/**
 * Expense costs in company mode (spec §2, §5, §6): a name of more than 3 characters and a
 * decimal cost (minus allowed); the add button shows only for a valid form; without the
 * prices permission the expenses toggle is blocked.
 */
export function ExpensesForm() {
  const pricesAllowed = useAtomValue(pricesAllowedAtom);
  const saveItem = useSetAtom(saveItemAtom);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [cost, setCost] = useState('');
  const [touched, setTouched] = useState({ name: false, cost: false });
  const id = useId();
  const errors = validateExpense({ name, cost });
  const valid = canAddExpense({ name, cost });
  return (
    <div className="card expenses">
      <label className="checkbox">
        <span>
          <input
            type="checkbox"
            checked={open && pricesAllowed}
            disabled={!pricesAllowed}
            onChange={(e) => setOpen(e.target.checked)}
            aria-describedby={pricesAllowed ? undefined : `${id}-blocked`}
          />{' '}
          Frais annexes
        </span>
      </label>
      {!pricesAllowed && (
        <p className="muted" id={`${id}-blocked`}>
          Les frais annexes demandent l’accès aux prix.
        </p>
      )}
      {open && pricesAllowed && (
        <div className="row">
          <Field label="Libellé du frais" error={touched.name ? errors.name : null}>
            <input value={name} onBlur={() => setTouched((t) => ({ ...t, name: true }))} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field label="Montant (HT)" error={touched.cost ? errors.cost : null}>
            <input
              inputMode="decimal"
              value={cost}
              onBlur={() => setTouched((t) => ({ ...t, cost: true }))}
              onChange={(e) => setCost(e.target.value)}
            />
          </Field>
          {valid && (
            <button
              type="button"
              onClick={() => {
                saveItem({
                  index: null,
                  item: makeItem({ name: name.trim(), category: 'custom-cost', customPrice: expenseAmount({ name, cost }) ?? 0 }),
                });
                setName('');
                setCost('');
                setTouched({ name: false, cost: false });
              }}
            >
              Ajouter le frais
            </button>
          )}
        </div>
      )}
    </div>
  );
}
