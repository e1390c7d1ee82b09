import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { fixedPriceFromEdit, type Estimate } from '../../domain/pricing/estimate.ts';
import { parsePrice } from '../../domain/pricing/vat.ts';
import { companyDataAtom, companyModeAtom } from '../../state/company.atoms.ts';
import { feesAtom } from '../../state/estimate.atoms.ts';
import { fixedPriceAtom, fixPriceAtom } from '../../state/price-choices.atoms.ts';
import { PriceInput } from '../controls/PriceInput.tsx';
import { usePriceFormatter } from './use-price.ts';

/** can_edit_price (spec §6): transport and handling typed inline (5 characters) fix the price. */
export function PriceEditor({ estimate }: { estimate: Estimate }) {
  const fixedPrice = useAtomValue(fixedPriceAtom);
  const fixPrice = useSetAtom(fixPriceAtom);
  const fees = useAtomValue(feesAtom);
  const companyMode = useAtomValue(companyModeAtom);
  const vat = useAtomValue(companyDataAtom).vat;
  const price = usePriceFormatter();
  const [transport, setTransport] = useState(String(Math.round(price.shown(estimate.transportFee))));
  const [handling, setHandling] = useState(String(Math.round(price.shown(estimate.handlingFee))));
  const apply = () => {
    const t = parsePrice(transport);
    const h = parsePrice(handling);
    if (t === null || h === null) return;
    fixPrice(fixedPriceFromEdit(fees, { transportation: t, handling: h }, companyMode, vat));
  };
  return (
    <div className="card">
      <div className="row">
        <PriceInput label={`Prix du transport (${price.suffix})`} value={transport} onChange={setTransport} />
        <PriceInput label={`Prix de la manutention (${price.suffix})`} value={handling} onChange={setHandling} />
      </div>
      <div className="row">
        <button type="button" onClick={apply} disabled={parsePrice(transport) === null || parsePrice(handling) === null}>
          Fixer ce prix
        </button>
        {fixedPrice && (
          <button type="button" className="link" onClick={() => fixPrice(null)}>
            Revenir au prix calculé
          </button>
        )}
      </div>
    </div>
  );
}
