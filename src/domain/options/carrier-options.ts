import * as v from 'valibot';
import type { Item } from '../entities/item.ts';

/**
 * The carrier's options (Réglages, Options): what a move may need beyond transport and handling
 * (packing, dismantling, a furniture lift, a parking permit, boxes, ad valorem insurance), each
 * priced HT by the carrier, VAT at the carrier's rate. Kinds:
 * - 'forfait': once per move;
 * - 'unite': per unit the visitor asks for (a box), from 1 to the carrier's maximum;
 * - 'piece': per object of the inventory (every unit of the list's objects), counted by the quote;
 * - 'pourcentage': a share of a value the visitor declares (insurance: 0.5 % of the goods' value),
 *   the value within the carrier's minimum and maximum.
 * A visitor sends only its choice (an id, a quantity, a declared value): the price is the quote's.
 */
export const OPTION_KINDS = ['forfait', 'unite', 'piece', 'pourcentage'] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];

export const OPTION_KIND_LABELS: Record<OptionKind, string> = {
  forfait: 'Forfait par déménagement',
  unite: 'Par unité (avec un maximum)',
  piece: 'Par objet de l’inventaire',
  pourcentage: 'Pourcentage d’une valeur déclarée',
};

/** At most this many options per carrier: the estimate lists them all. */
export const MAX_OPTIONS = 20;
const money = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1_000_000));

export const CarrierOptionSchema = v.object({
  /** Chosen by the server when the carrier adds it; what a visitor's choice names. */
  id: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/)),
  label: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(80)),
  kind: v.picklist(OPTION_KINDS),
  /** Euros HT: per move, per unit or per object ('pourcentage': unused). */
  price_ht: v.optional(money, 0),
  /** 'pourcentage': the share of the declared value, in percent (0.5 for 0,5 %). */
  percent: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100)), 0),
  /** 'unite': how many a visitor may ask for. */
  max_quantity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)), 100),
  /** 'pourcentage': the declared value's bounds, in euros. */
  min_value: v.optional(money, 0),
  max_value: v.optional(money, 100_000),
});
export type CarrierOption = v.InferOutput<typeof CarrierOptionSchema>;
export type CarrierOptionInput = v.InferInput<typeof CarrierOptionSchema>;

/**
 * A visitor's choice of an option: its id, a quantity ('unite'), a declared value in euros
 * ('pourcentage'). Loose, so a price sent beside it is seen and refused by name (optionProblems)
 * rather than silently dropped.
 */
export const OptionChoiceSchema = v.looseObject({
  id: v.pipe(v.string(), v.maxLength(40)),
  quantity: v.optional(v.pipe(v.number(), v.finite())),
  declared_value: v.optional(v.pipe(v.number(), v.finite())),
});
export type OptionChoice = v.InferOutput<typeof OptionChoiceSchema>;
export const OptionChoicesSchema = v.pipe(v.array(OptionChoiceSchema), v.maxLength(MAX_OPTIONS));

/** An option as priced on a quote: cents HT and TTC. */
export interface OptionLine {
  id: string;
  label: string;
  kind: OptionKind;
  /** Units, objects, or 1 (forfait, pourcentage). */
  quantity: number;
  /** Euros, for 'pourcentage'; else null. */
  declared_value: number | null;
  amount_ht: number;
  amount: number;
}

/** How many objects the inventory holds: what a 'piece' option is priced on (expense lines and the specific service are not objects). */
export function inventoryPieces(items: readonly Item[]): number {
  return items.filter((item) => item.category === 'item' || item.category === 'stuff').reduce((sum, item) => sum + item.quantity, 0);
}

const euros = (value: number) => `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(value)}\u00a0€`;
const CHOICE_KEYS = new Set(['id', 'quantity', 'declared_value']);

/** Choices the carrier does not offer, or out of its limits, each named by its field (the API answers 422). */
export function optionProblems(
  choices: readonly OptionChoice[],
  offered: readonly CarrierOption[],
  field = 'options',
): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const seen = new Set<string>();
  choices.forEach((choice, index) => {
    const path = `${field}.${index}`;
    const extra = Object.keys(choice).find((key) => !CHOICE_KEYS.has(key));
    if (extra)
      problems.push({
        path: `${path}.${extra}`,
        message: 'Le prix d’une option est celui du transporteur : envoyez seulement l’option choisie, sa quantité ou la valeur déclarée',
      });
    const option = offered.find((candidate) => candidate.id === choice.id);
    if (!option) {
      problems.push({ path: `${path}.id`, message: 'Option inconnue de ce transporteur' });
      return;
    }
    if (seen.has(option.id)) problems.push({ path: `${path}.id`, message: `Option « ${option.label} » choisie deux fois` });
    seen.add(option.id);
    if (option.kind === 'unite') {
      const quantity = choice.quantity;
      if (quantity === undefined || !Number.isInteger(quantity) || quantity < 1 || quantity > option.max_quantity)
        problems.push({ path: `${path}.quantity`, message: `« ${option.label} » : quantité entre 1 et ${option.max_quantity}` });
    } else if (choice.quantity !== undefined)
      problems.push({ path: `${path}.quantity`, message: `« ${option.label} » ne se choisit pas en quantité` });
    if (option.kind === 'pourcentage') {
      const value = choice.declared_value;
      if (value === undefined || value < option.min_value || value > option.max_value)
        problems.push({
          path: `${path}.declared_value`,
          message: `« ${option.label} » : valeur déclarée entre ${euros(option.min_value)} et ${euros(option.max_value)}`,
        });
    } else if (choice.declared_value !== undefined)
      problems.push({ path: `${path}.declared_value`, message: `« ${option.label} » ne demande pas de valeur déclarée` });
  });
  return problems;
}

/**
 * The chosen options as quote lines, in the carrier's order: HT from the carrier's prices, to
 * the cent, then TTC at its VAT. A choice the carrier does not offer prices nothing (the quote
 * refuses it before). The one function the element's estimate and the server's quote both call.
 */
export function priceOptions(
  offered: readonly CarrierOption[],
  choices: readonly OptionChoice[],
  items: readonly Item[],
  vat: number,
): OptionLine[] {
  const lines: OptionLine[] = [];
  for (const option of offered) {
    const choice = choices.find((candidate) => candidate.id === option.id);
    if (!choice) continue;
    let quantity = 1;
    let declared: number | null = null;
    let amountHt: number;
    if (option.kind === 'pourcentage') {
      declared = Math.min(Math.max(choice.declared_value ?? 0, option.min_value), option.max_value);
      // Euros × percent / 100, in cents: euros × percent.
      amountHt = Math.round(declared * option.percent);
    } else {
      if (option.kind === 'unite') quantity = Math.min(Math.max(Math.trunc(choice.quantity ?? 1), 1), option.max_quantity);
      if (option.kind === 'piece') quantity = inventoryPieces(items);
      amountHt = Math.round(option.price_ht * 100 * quantity);
    }
    lines.push({
      id: option.id,
      label: option.label,
      kind: option.kind,
      quantity,
      declared_value: declared,
      amount_ht: amountHt,
      amount: Math.round(amountHt * (1 + vat)),
    });
  }
  return lines;
}

/** The options' total, cents TTC. */
export const optionsTotal = (lines: readonly OptionLine[]) => lines.reduce((sum, line) => sum + line.amount, 0);

/** How an option's price reads in a list (the estimate, the Réglages): '45 € HT par carton, 200 au plus'. */
export function optionTerms(option: CarrierOption): string {
  switch (option.kind) {
    case 'forfait':
      return `${euros(option.price_ht)} HT par déménagement`;
    case 'unite':
      return `${euros(option.price_ht)} HT l’unité, ${option.max_quantity} au plus`;
    case 'piece':
      return `${euros(option.price_ht)} HT par objet de l’inventaire`;
    case 'pourcentage':
      return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 }).format(option.percent)}\u00a0% de la valeur déclarée (de ${euros(option.min_value)} à ${euros(option.max_value)})`;
  }
}

/** What a chosen option's line says before its price: 'Cartons fournis × 30', 'Assurance (valeur déclarée 18 000 €)'. */
export function optionLineLabel(line: OptionLine): string {
  if (line.kind === 'unite' || line.kind === 'piece') return `${line.label} × ${line.quantity}`;
  if (line.kind === 'pourcentage' && line.declared_value !== null) return `${line.label} (valeur déclarée ${euros(line.declared_value)})`;
  return line.label;
}

/** One line of text per chosen option, as the recap, the success panel and the e-mail write it. */
export function optionLineText(line: OptionLine, formatCents: (cents: number) => string, taxIncluded = true): string {
  return `${optionLineLabel(line)}\u00a0: ${formatCents(taxIncluded ? line.amount : line.amount_ht)}`;
}
