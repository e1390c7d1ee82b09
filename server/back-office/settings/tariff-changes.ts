import { formatPrice, type Tariff } from 'transport-quote-wizard/domain';
import { spokenNumber } from './form-fields.ts';
import { WEEKDAYS } from './tariff-form.ts';

/** '0,70\u00a0€', '38\u00a0€' (UX §7.2: no decimals for whole amounts, two otherwise). */
const euros = (amount: number) => formatPrice(amount, '€');
const coefficient = (value: number) => `×\u00a0${spokenNumber(value)}`;
const day = (iso: string) => iso.split('-').reverse().join('/');
const vat = (included: boolean) => (included ? 'TTC' : 'HT');

function list(items: readonly string[], none: string): string {
  return items.length === 0 ? none : items.join(', ');
}

/**
 * What changed from one tariff to the next, in the carrier's words, one line per part
 * ('Prix par km\u00a0: 0,7\u00a0€ → 0,8\u00a0€'): the Versions page and the journal say it.
 */
export function tariffChanges(before: Tariff, after: Tariff): string[] {
  const lines: string[] = [];
  const compare = (label: string, a: string, b: string) => {
    if (a !== b) lines.push(`${label}\u00a0: ${a} → ${b}`);
  };
  compare('TVA', `${spokenNumber(before.vat * 100)}\u00a0%`, `${spokenNumber(after.vat * 100)}\u00a0%`);
  compare('Manutention saisie', vat(before.handling.prices_include_vat), vat(after.handling.prices_include_vat));
  compare('Taux horaire de manutention', euros(before.handling.rate_standard), euros(after.handling.rate_standard));
  compare('Taux horaire de déménagement', euros(before.handling.rate_moving), euros(after.handling.rate_moving));
  compare('Transport saisi', vat(before.transport.prices_include_vat), vat(after.transport.prices_include_vat));
  compare('Prix minimum', euros(before.transport.minimum), euros(after.transport.minimum));
  compare('Prix par km', euros(before.transport.per_km), euros(after.transport.per_km));
  const bands = (tariff: Tariff) =>
    list(
      tariff.transport.km_bands.map((band) => `dès ${spokenNumber(band.from_km)}\u00a0km ${euros(band.per_km)}`),
      'aucune',
    );
  compare('Tranches de km', bands(before), bands(after));
  compare('Prix par heure de route', euros(before.transport.per_hour), euros(after.transport.per_hour));
  compare('Prix par étape supplémentaire', euros(before.transport.per_extra_stop), euros(after.transport.per_extra_stop));

  const vehicle = (v: Tariff['vehicles'][number]) =>
    `${v.name} (${spokenNumber(v.capacity)}\u00a0m³${v.price_per_km === null ? '' : `, ${euros(v.price_per_km)}/km`}${v.price_per_hour === null ? '' : `, ${euros(v.price_per_hour)}/h`})`;
  const byId = (tariff: Tariff) => new Map(tariff.vehicles.map((v) => [String(v.id), v]));
  const old = byId(before);
  const now = byId(after);
  for (const [id, v] of now) {
    const was = old.get(id);
    if (!was) lines.push(`Véhicule ajouté\u00a0: ${vehicle(v)}`);
    else compare('Véhicule', vehicle(was), vehicle(v));
  }
  for (const [id, v] of old) if (!now.has(id)) lines.push(`Véhicule retiré\u00a0: ${v.name}`);

  const floors = (tariff: Tariff) => (tariff.floors.mode === 'per_floor' ? 'prix par étage' : 'coefficients par étage');
  compare('Étages', floors(before), floors(after));
  compare('Étages gratuits', spokenNumber(before.floors.free), spokenNumber(after.floors.free));
  compare('Prix par étage', euros(before.floors.per_floor), euros(after.floors.per_floor));
  compare('Facteur ascenseur', coefficient(before.floors.lift_factor), coefficient(after.floors.lift_factor));
  compare('Portage gratuit', `${before.carry.free_metres}\u00a0m`, `${after.carry.free_metres}\u00a0m`);
  compare('Tranche de portage', `${before.carry.step_metres}\u00a0m`, `${after.carry.step_metres}\u00a0m`);
  compare('Prix par tranche de portage', euros(before.carry.per_step), euros(after.carry.per_step));

  WEEKDAYS.forEach((name, index) =>
    compare(`Coefficient du ${name}`, coefficient(before.days.weekdays[index] ?? 1), coefficient(after.days.weekdays[index] ?? 1)),
  );
  const seasons = (tariff: Tariff) =>
    list(
      tariff.days.seasons.map((s) => `${s.label} (${day(s.from)} – ${day(s.to)}) ${coefficient(s.coefficient)}`),
      'aucune',
    );
  compare('Saisons', seasons(before), seasons(after));
  const monthEnd = (tariff: Tariff) =>
    tariff.days.month_end.days === 0
      ? 'aucun coefficient'
      : `${tariff.days.month_end.days} derniers jours ${coefficient(tariff.days.month_end.coefficient)}`;
  compare('Fin de mois', monthEnd(before), monthEnd(after));
  const closed = (tariff: Tariff) =>
    list([...tariff.days.closed_weekdays.map((weekday) => WEEKDAYS[weekday - 1]!), ...tariff.days.closed_dates.map(day)], 'aucun');
  compare('Jours fermés', closed(before), closed(after));
  const overFleet = (tariff: Tariff) =>
    tariff.over_capacity === 'call_back' ? 'prix à fixer, rappel du client' : 'autant de véhicules qu’il en faut';
  compare('Au-delà du plus grand véhicule', overFleet(before), overFleet(after));
  const lead = (tariff: Tariff) =>
    tariff.days.lead_days === 0 ? 'aucun' : `${tariff.days.lead_days}\u00a0jour${tariff.days.lead_days > 1 ? 's' : ''}`;
  compare('Délai de réservation', lead(before), lead(after));
  const capacity = (tariff: Tariff) => (tariff.daily_capacity === null ? 'sans limite' : String(tariff.daily_capacity));
  compare('Réservations par jour', capacity(before), capacity(after));
  const tiers = (tariff: Tariff) =>
    list(
      tariff.lite_tiers.map((tier) => `${spokenNumber(tier.from_m3)}–${spokenNumber(tier.under_m3)}\u00a0m³ ${euros(tier.fee)}`),
      'aucun',
    );
  compare('Forfaits du formulaire simplifié', tiers(before), tiers(after));
  return lines;
}
