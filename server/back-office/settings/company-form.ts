import {
  brandColourProblem,
  formatSiret,
  normalHexColour,
  readDepartements,
  siretDigits,
  siretProblem,
  type TransportationCompany,
} from 'transport-quote-wizard/domain';
import { DEFAULT_DEVIS_VALIDITY_DAYS } from 'transport-quote-wizard/domain';
import type { FieldSpec } from './field-markup.ts';

/** The references a carrier types, as strings, each key a field of TransportationCompany. */
export type ReferenceField =
  | 'name'
  | 'legal_name'
  | 'siret'
  | 'legal_form'
  | 'trade_register'
  | 'transport_register'
  | 'registration'
  | 'address'
  | 'phone_number'
  | 'email'
  | 'insurer'
  | 'insurance_policy'
  | 'payment_terms'
  | 'liability_terms'
  | 'terms_url'
  | 'mediator_name'
  | 'mediator_website'
  | 'mediator_address'
  | 'devis_validity_days'
  | 'service_area'
  | 'brand_color';

export type ReferenceSpec = FieldSpec & { name: ReferenceField };

/** The Entreprise form, in the groups a carrier reads it in. */
export const REFERENCE_GROUPS: { legend: string; fields: ReferenceSpec[] }[] = [
  {
    legend: 'Identité',
    fields: [
      {
        name: 'name',
        label: 'Nom commercial',
        help: 'Le nom que vos clients voient\u00a0: en tête du devis, dans les e-mails et sur la page de confirmation.',
        kind: 'text',
        maxLength: 120,
        required: true,
        attributes: 'autocomplete="organization"',
      },
      {
        name: 'legal_name',
        label: 'Raison sociale',
        help: 'Imprimée sur le devis avec le SIRET. Laissez vide si c’est le nom commercial.',
        kind: 'text',
        maxLength: 200,
      },
      {
        name: 'siret',
        label: 'SIRET',
        help: '14\u00a0chiffres\u00a0: le SIREN (9), puis le numéro de l’établissement (5). Imprimé sur chaque devis.',
        kind: 'text',
        maxLength: 20,
        attributes: 'inputmode="numeric" autocomplete="off"',
      },
      {
        name: 'legal_form',
        label: 'Forme juridique et capital',
        help: 'Par exemple\u00a0: SAS au capital de 50\u00a0000\u00a0€. Imprimé sous la raison sociale.',
        kind: 'text',
        maxLength: 200,
      },
      {
        name: 'trade_register',
        label: 'Immatriculation (RCS ou RM)',
        help: 'Par exemple\u00a0: RCS Bobigny 123\u00a0456\u00a0789, ou RM 93 123\u00a0456\u00a0789 pour un artisan.',
        kind: 'text',
        maxLength: 200,
      },
      {
        name: 'transport_register',
        label: 'Inscription au registre des transports',
        help: 'Le numéro d’inscription au registre des entreprises de transport public routier de marchandises, et sa région\u00a0: le devis doit le porter.',
        kind: 'text',
        maxLength: 200,
      },
      {
        name: 'registration',
        label: 'Autres mentions légales (facultatif)',
        help: 'Imprimées telles quelles sous les précédentes.',
        kind: 'text',
        maxLength: 200,
      },
      {
        name: 'address',
        label: 'Adresse du siège',
        help: 'Imprimée sur le devis, sous le nom de l’entreprise.',
        kind: 'textarea',
        maxLength: 300,
        attributes: 'autocomplete="street-address"',
      },
    ],
  },
  {
    legend: 'Contact',
    fields: [
      {
        name: 'phone_number',
        label: 'Téléphone',
        help: 'Sur le devis, la page de confirmation et la signature des e-mails.',
        kind: 'tel',
        maxLength: 40,
        attributes: 'autocomplete="tel"',
      },
      {
        name: 'email',
        label: 'E-mail',
        help: 'Les réponses de vos clients aux e-mails de réservation arrivent à cette adresse.',
        kind: 'email',
        maxLength: 254,
        attributes: 'autocomplete="email"',
      },
    ],
  },
  {
    legend: 'Assurance',
    fields: [
      {
        name: 'insurer',
        label: 'Assureur',
        help: 'Votre assurance de responsabilité civile professionnelle, citée sur le devis.',
        kind: 'text',
        maxLength: 200,
      },
      {
        name: 'insurance_policy',
        label: 'Numéro de contrat',
        help: 'Le numéro de votre contrat chez cet assureur.',
        kind: 'text',
        maxLength: 80,
        attributes: 'autocomplete="off"',
      },
    ],
  },
  {
    legend: 'Conditions du devis',
    fields: [
      {
        name: 'payment_terms',
        label: 'Modalités de paiement',
        help: 'Par exemple\u00a0: acompte de 30\u00a0% à la commande, solde à la livraison, par virement ou par chèque. Vide\u00a0: le devis dit qu’aucun paiement n’est demandé à la réservation.',
        kind: 'textarea',
        maxLength: 2000,
      },
      {
        name: 'liability_terms',
        label: 'Responsabilité et réclamations',
        help: 'Votre responsabilité, ses limites (la valeur déclarée du mobilier, par exemple) et comment la mettre en jeu, avec le médiateur ou l’arbitrage le cas échéant.',
        kind: 'textarea',
        maxLength: 2000,
      },
      {
        name: 'devis_validity_days',
        label: 'Durée de validité du devis (jours)',
        help: 'Vous vous engagez au prix du devis jusqu’à cette date\u00a0: de 1 à 365\u00a0jours (30 par défaut). Passé ce délai, le client demande un devis à jour.',
        kind: 'text',
        maxLength: 3,
        attributes: 'inputmode="numeric" autocomplete="off"',
      },
      {
        name: 'terms_url',
        label: 'Conditions générales (adresse web, facultatif)',
        help: 'Seulement si vous ne les écrivez pas ci-dessous, dans «\u00a0Conditions générales\u00a0»\u00a0: le devis renvoie alors à cette page.',
        kind: 'url',
        maxLength: 500,
        attributes: 'placeholder="https://www.exemple.fr/conditions-generales"',
      },
    ],
  },
  {
    legend: 'Médiateur de la consommation',
    fields: [
      {
        name: 'mediator_name',
        label: 'Nom du médiateur',
        help: 'Le médiateur de la consommation auquel vous adhérez (code de la consommation, L616-1)\u00a0: le devis, les conditions générales et les e-mails du client le citent.',
        kind: 'text',
        maxLength: 200,
      },
      {
        name: 'mediator_website',
        label: 'Site du médiateur',
        help: 'L’adresse où le client le saisit, par exemple https://www.mediateur.exemple.fr.',
        kind: 'url',
        maxLength: 500,
        attributes: 'placeholder="https://"',
      },
      {
        name: 'mediator_address',
        label: 'Adresse postale du médiateur',
        help: 'Pour le client qui le saisit par courrier.',
        kind: 'textarea',
        maxLength: 300,
      },
    ],
  },
  {
    legend: 'Zone d’intervention',
    fields: [
      {
        name: 'service_area',
        label: 'Départements desservis (facultatif)',
        help: 'Les numéros séparés par des virgules, par exemple 75, 77, 78, 91, 92, 93, 94, 95. Un trajet doit partir de l’un d’eux ou y arriver : sinon, la page le dit dès les adresses, avec votre téléphone, et aucun prix n’est donné. Vide : partout.',
        kind: 'text',
        maxLength: 400,
        attributes: 'autocomplete="off" spellcheck="false"',
      },
    ],
  },
  {
    legend: 'Couleur',
    fields: [
      {
        name: 'brand_color',
        label: 'Couleur de la marque',
        help: 'En hexadécimal (#166534). Elle colore le devis imprimable et les liens de vos e-mails, et l’extrait à coller sur votre site la donne aux boutons du devis en ligne\u00a0: le texte blanc doit y rester lisible (contraste de 4,5:1 au moins). Vide\u00a0: le bleu par défaut.',
        kind: 'text',
        maxLength: 20,
        attributes: 'autocomplete="off" spellcheck="false"',
      },
    ],
  },
];

export const REFERENCE_FIELDS: ReferenceSpec[] = REFERENCE_GROUPS.flatMap((group) => group.fields);
export const REFERENCE_LABELS = new Map<string, string>(REFERENCE_FIELDS.map((field) => [field.name, field.label]));

const PHONE = /^\+?[\d\s().-]{6,}$/;
const EMAIL = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

/** What was typed, each field as a string (a field missing from the post is empty). */
export function typedReferences(body: unknown): Record<ReferenceField, string> {
  const form = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return Object.fromEntries(
    REFERENCE_FIELDS.map((field) => {
      const value = form[field.name];
      return [field.name, typeof value === 'string' ? value.slice(0, field.maxLength + 100) : ''];
    }),
  ) as Record<ReferenceField, string>;
}

/** The references as they will be stored, or each field's problem in French. */
export function checkReferences(
  typed: Record<ReferenceField, string>,
): { references: Record<ReferenceField, string> } | { errors: Map<ReferenceField, string> } {
  const errors = new Map<ReferenceField, string>();
  const out = {} as Record<ReferenceField, string>;
  for (const field of REFERENCE_FIELDS) {
    const value = field.kind === 'textarea' ? typed[field.name].replace(/\r\n/g, '\n').trim() : typed[field.name].trim();
    out[field.name] = value;
    if (value.length > field.maxLength)
      errors.set(field.name, `${field.maxLength}\u00a0caractères au plus (vous en avez saisi ${value.length}).`);
  }
  if (out.name.length < 2) errors.set('name', 'Indiquez le nom de l’entreprise (2\u00a0caractères au moins).');
  const siret = siretProblem(out.siret);
  if (siret) errors.set('siret', siret);
  else out.siret = siretDigits(out.siret);
  if (out.phone_number !== '' && !PHONE.test(out.phone_number))
    errors.set('phone_number', 'Indiquez un numéro de téléphone, par exemple 01\u00a023\u00a045\u00a067\u00a089.');
  if (out.email !== '' && !EMAIL.test(out.email)) errors.set('email', 'Indiquez une adresse e-mail, par exemple contact@exemple.fr.');
  const days = out.devis_validity_days === '' ? String(DEFAULT_DEVIS_VALIDITY_DAYS) : out.devis_validity_days;
  if (!/^\d{1,3}$/.test(days) || Number(days) < 1 || Number(days) > 365)
    errors.set('devis_validity_days', 'Indiquez un nombre de jours entre 1 et 365, par exemple 30.');
  else out.devis_validity_days = String(Number(days));
  if (out.mediator_website !== '' && !/^https?:\/\/[^\s/]+\.[^\s]+$/.test(out.mediator_website))
    errors.set('mediator_website', 'Indiquez l’adresse complète du site, par exemple https://www.mediateur.exemple.fr.');
  if (out.terms_url !== '') {
    let url: URL | null = null;
    try {
      url = new URL(out.terms_url);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
      errors.set('terms_url', 'Indiquez l’adresse complète de la page, par exemple https://www.exemple.fr/conditions-generales.');
  }
  const area = readDepartements(out.service_area);
  if ('error' in area) errors.set('service_area', area.error);
  else out.service_area = area.codes.join(', ');
  const colour = brandColourProblem(out.brand_color);
  if (colour) errors.set('brand_color', colour);
  else out.brand_color = out.brand_color === '' ? '' : normalHexColour(out.brand_color)!;
  return errors.size > 0 ? { errors } : { references: out };
}

/** The stored references as the form shows them (the SIRET grouped as French papers print it). */
export function shownReferences(stored: TransportationCompany): Record<ReferenceField, string> {
  return Object.fromEntries(
    REFERENCE_FIELDS.map((field) => [field.name, field.name === 'siret' ? formatSiret(stored.siret) : String(stored[field.name] ?? '')]),
  ) as Record<ReferenceField, string>;
}

/** One line of the journal per changed field: short values before and after, long texts said changed. */
export function referenceChanges(
  before: TransportationCompany,
  after: Record<ReferenceField, string>,
): { field: ReferenceField; summary: string; before: string; after: string }[] {
  const shown = (field: ReferenceField, value: string) =>
    value === '' ? '(vide)' : field === 'siret' ? formatSiret(value) : value.length > 60 ? `${value.slice(0, 57)}…` : value;
  return REFERENCE_FIELDS.filter((field) => String(before[field.name] ?? '') !== after[field.name]).map((field) => {
    const was = String(before[field.name] ?? '');
    const now = after[field.name];
    const summary =
      field.kind === 'textarea'
        ? `Entreprise, ${field.label}\u00a0: ${now === '' ? 'texte effacé' : 'nouveau texte'}`
        : `Entreprise, ${field.label}\u00a0: ${shown(field.name, was)} → ${shown(field.name, now)}`;
    return { field: field.name, summary, before: was, after: now };
  });
}

/** The references as stored: the devis's validity a number of days, every other field its text. */
export function storedReferences(references: Record<ReferenceField, string>): Partial<TransportationCompany> {
  return { ...references, devis_validity_days: Number(references.devis_validity_days) };
}
