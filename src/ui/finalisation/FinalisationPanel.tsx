import { useState } from 'react';
import type { CustomerField } from '../../domain/index.ts';
import { CustomerForm } from './CustomerForm.tsx';
import { SaveButtons } from './SaveButtons.tsx';

/** Panel 3 (spec §2 "Finalisation panel"). */
export function FinalisationPanel() {
  const [showAll, setShowAll] = useState(false);
  const [touched, setTouched] = useState<Set<CustomerField>>(new Set());
  return (
    <section aria-label="Finalisation" className="finalisation">
      <CustomerForm showAll={showAll} touched={touched} touch={(field) => setTouched((set) => new Set(set).add(field))} />
      <SaveButtons onInvalid={() => setShowAll(true)} />
    </section>
  );
}
