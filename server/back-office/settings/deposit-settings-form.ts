import { readTypedEuros } from 'transport-quote-wizard/domain';
import * as v from 'valibot';
import {
  AMOUNT_MAX_CENTS,
  AMOUNT_MIN_CENTS,
  euros,
  PERCENT_MAX,
  PERCENT_MIN,
  type DepositDue,
  type DepositSetting,
} from '../../payments/deposit-settings.ts';

/** The Réglages form as typed: every field a string, kept as typed when the form is refused. */
export interface DepositTyped {
  acompte: string;
  pourcentage: string;
  montant: string;
  echeance: string;
}

export const DEPOSIT_LABELS = new Map<string, string>([
  ['acompte', 'Acompte demandé'],
  ['pourcentage', 'Pourcentage du total TTC'],
  ['montant', 'Montant fixe'],
  ['echeance', 'Quand le client le règle'],
]);

const Text = v.optional(v.pipe(v.string(), v.maxLength(40)), '');
const DepositForm = v.object({ acompte: Text, pourcentage: Text, montant: Text, echeance: Text });

export function typedDeposit(body: unknown): DepositTyped {
  const parsed = v.safeParse(DepositForm, body ?? {});
  return parsed.success ? parsed.output : { acompte: '', pourcentage: '', montant: '', echeance: '' };
}

/** The stored setting as the form shows it. */
export function shownDeposit(setting: DepositSetting | null): DepositTyped {
  return {
    acompte: setting ? (setting.kind === 'percent' ? 'pourcentage' : 'montant') : 'aucun',
    pourcentage: setting?.kind === 'percent' ? String(setting.percent) : '30',
    montant: setting?.kind === 'amount' ? (setting.amountCents / 100).toFixed(2).replace('.', ',').replace(/,00$/, '') : '',
    echeance: setting?.due === 'booking_accepted' ? 'reservation' : 'devis',
  };
}

const DUE: Record<string, DepositDue> = { devis: 'devis_accepted', reservation: 'booking_accepted' };

/** The setting to store, or each field's problem in French. */
export function checkDeposit(typed: DepositTyped): { setting: DepositSetting | null } | { errors: Map<string, string> } {
  const errors = new Map<string, string>();
  if (!['aucun', 'pourcentage', 'montant'].includes(typed.acompte)) {
    errors.set('acompte', 'Choisissez «\u00a0Aucun acompte\u00a0», un pourcentage ou un montant fixe.');
    return { errors };
  }
  if (typed.acompte === 'aucun') return { setting: null };
  const due = DUE[typed.echeance];
  if (!due) errors.set('echeance', 'Choisissez quand le client règle l’acompte.');
  if (typed.acompte === 'pourcentage') {
    const text = typed.pourcentage.trim().replace(/\s|%/g, '');
    const percent = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
    if (!(percent >= PERCENT_MIN && percent <= PERCENT_MAX))
      errors.set('pourcentage', `Indiquez un pourcentage entier, de ${PERCENT_MIN} à ${PERCENT_MAX}\u00a0% du total TTC.`);
    return errors.size > 0 ? { errors } : { setting: { kind: 'percent', percent, due: due! } };
  }
  const cents = readTypedEuros(typed.montant) ?? NaN;
  if (!(cents >= AMOUNT_MIN_CENTS && cents <= AMOUNT_MAX_CENTS))
    errors.set(
      'montant',
      `Indiquez un montant en euros, de ${euros(AMOUNT_MIN_CENTS)} à ${euros(AMOUNT_MAX_CENTS)} (par exemple 300 ou 250,50).`,
    );
  return errors.size > 0 ? { errors } : { setting: { kind: 'amount', amountCents: cents, due: due! } };
}
