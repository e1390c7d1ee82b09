import { useAtomValue } from 'jotai';
import { NBSP } from '../../domain/format.ts';
import { depositWordsAtom } from '../../state/deposit.atoms.ts';
import { Icon } from '../controls/icons.tsx';

/** Under a total: the deposit the devis will ask, and when (issue 55, point 4); nothing when the carrier asks none. */
export function DepositNote() {
  const words = useAtomValue(depositWordsAtom);
  if (!words) return null;
  return (
    <p className="deposit-note">
      <Icon name="info" size={16} />
      <span>
        Acompte{NBSP}: {words}.
      </span>
    </p>
  );
}

/** The deposit as a term of the success panel's facts. */
export function DepositFact() {
  const words = useAtomValue(depositWordsAtom);
  if (!words) return null;
  return (
    <>
      <dt>Acompte</dt>
      <dd>{words}</dd>
    </>
  );
}
