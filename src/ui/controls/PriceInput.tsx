import { limitPriceInput } from '../../domain/validation/input-limits.ts';

/**
 * A price typed by hand (spec §6, §9): a label, a decimal keyboard on phones, and at most
 * five characters of digits and one separator, so '12345' or '99,50' but never more.
 */
export function PriceInput({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label>
      {label}
      <input inputMode="decimal" maxLength={5} value={value} onChange={(event) => onChange(limitPriceInput(event.target.value))} />
    </label>
  );
}
