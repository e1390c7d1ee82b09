import { useSetAtom } from 'jotai';
import type { DriverPool } from '../../domain/entities/driver-pool.ts';
import { selectPoolAtom } from '../../state/pools.atoms.ts';

/**
 * A select of driver pools that prices the travel with the one chosen (spec §4), for the
 * wizard's 'Grille tarifaire' and the earlier variant's 'Choix Grille' alike. With a
 * placeholder it shows no pool as chosen, and the list offers the others.
 */
export function PoolSelect({
  pools,
  value,
  placeholder,
  disabled = false,
}: {
  pools: readonly DriverPool[];
  /** The pool shown as chosen, '' for the placeholder. */
  value: string;
  placeholder?: string;
  disabled?: boolean;
}) {
  const selectPool = useSetAtom(selectPoolAtom);
  return (
    <select
      aria-label={placeholder}
      value={value}
      disabled={disabled}
      onChange={(event) => {
        if (event.target.value !== '') selectPool(event.target.value);
      }}
    >
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {pools.map((pool) => (
        <option key={String(pool.id)} value={String(pool.id)}>
          {pool.name}
        </option>
      ))}
    </select>
  );
}
