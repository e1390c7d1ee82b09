import type { TransportationCompany } from 'transport-quote-wizard/domain';
import { TERMS_MODEL_MARKER } from '../../pages/terms-model.ts';

/** One mention a moving devis must carry, and whether the carrier's records provide it. */
export interface DevisMention {
  mention: string;
  /** Why it is asked: the text that asks it. */
  why: string;
  ok: boolean;
  /** Where in Réglages it is filled. */
  where: { label: string; path: string };
}

const ENTREPRISE = { label: 'Entreprise', path: 'entreprise' };
const CONDITIONS = { label: 'Conditions générales', path: 'conditions-generales' };
const ART_1 = 'arrêté du 27 avril 2010, article 1';

/**
 * 'Votre devis est-il complet ?': each mention of the devis that comes from the carrier's own
 * records (the booking gives the rest: customer, date, places, distance, volume, price), and
 * whether they provide it. `terms`: the general conditions the product holds, or null.
 */
export function devisMentions(references: TransportationCompany, terms: { body: string } | null): DevisMention[] {
  const filled = (value: string) => value.trim() !== '';
  const legacy = references.registration;
  const ownTerms = terms !== null && !terms.body.includes(TERMS_MODEL_MARKER);
  return [
    { mention: 'Nom de l’entreprise', why: ART_1, ok: filled(references.name), where: ENTREPRISE },
    {
      mention: 'Forme juridique et capital',
      why: `${ART_1}, et code de commerce, R123-237`,
      ok: filled(references.legal_form) || /capital/i.test(legacy),
      where: ENTREPRISE,
    },
    {
      mention: 'Immatriculation au RCS ou au répertoire des métiers',
      why: 'code de commerce, R123-237',
      ok: filled(references.trade_register) || /\b(RCS|RM)\b/.test(legacy),
      where: ENTREPRISE,
    },
    {
      mention: 'Inscription au registre des entreprises de transport',
      why: ART_1,
      ok: filled(references.transport_register) || /registre des (transports|transporteurs|entreprises de transport)/i.test(legacy),
      where: ENTREPRISE,
    },
    { mention: 'SIRET', why: 'code de commerce, R123-237', ok: filled(references.siret), where: ENTREPRISE },
    { mention: 'Adresse du siège', why: ART_1, ok: filled(references.address), where: ENTREPRISE },
    {
      mention: 'Téléphone ou e-mail',
      why: 'code de la consommation, L221-5',
      ok: filled(references.phone_number) || filled(references.email),
      where: ENTREPRISE,
    },
    {
      mention: 'Assureur et numéro de contrat',
      why: ART_1,
      ok: filled(references.insurer) && filled(references.insurance_policy),
      where: ENTREPRISE,
    },
    { mention: 'Modalités de paiement précises', why: ART_1, ok: filled(references.payment_terms), where: ENTREPRISE },
    {
      mention: 'Responsabilité de l’entreprise et modalités de sa mise en jeu',
      why: ART_1,
      ok: filled(references.liability_terms) || ownTerms,
      where: ENTREPRISE,
    },
    {
      mention: 'Médiateur de la consommation',
      why: 'code de la consommation, L616-1 et R616-1',
      ok: filled(references.mediator_name) && (filled(references.mediator_website) || filled(references.mediator_address)),
      where: ENTREPRISE,
    },
    {
      mention: 'Conditions générales jointes au devis',
      why: ART_1,
      ok: ownTerms || filled(references.terms_url),
      where: CONDITIONS,
    },
  ];
}
