import type { StoredLogo } from '../../db/company-profile.ts';
import { logoFile } from '../../db/company-profile.ts';
import { csrfField, escapeHtml, frame, notice, type Viewer } from '../layout.ts';
import { LOGO_MAX_BYTES, LOGO_MAX_SIDE, fileSize } from './logo-image.ts';
import { REFERENCE_GROUPS, REFERENCE_LABELS, type ReferenceField } from './company-form.ts';
import { errorSummary, fieldId, fieldMarkup } from './field-markup.ts';
import { SETTINGS_URL } from './pages.ts';

export const COMPANY_URL = `${SETTINGS_URL}/entreprise`;

export interface CompanyPageInput {
  viewer: Viewer;
  /** The values shown: the stored ones, or those typed when the form was refused. */
  values: Record<ReferenceField, string>;
  errors: ReadonlyMap<string, string>;
  logo: StoredLogo | null;
  logoError: string | null;
  message: string | null;
}

/** A swatch of the colour, drawn as an image (the page's policy allows no inline style): a button's look, white on it. */
function swatch(colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="132" height="44" viewBox="0 0 132 44"><rect width="132" height="44" rx="8" fill="${colour}"/><text x="66" y="28" font-family="system-ui, sans-serif" font-size="16" font-weight="600" fill="#ffffff" text-anchor="middle">Suivant</text></svg>`;
  return `<p class="meta">Aperçu d’un bouton du devis en ligne\u00a0:</p><img class="swatch" src="data:image/svg+xml,${encodeURIComponent(svg)}" width="132" height="44" alt="Bouton Suivant, texte blanc sur ${escapeHtml(colour)}">`;
}

/** What the arrêté of 27 April 2010 asks a moving quote to carry, and where each comes from. */
const DEVIS_MENTIONS = `<details class="card mentions">
<summary>Ce que le devis de déménagement doit porter (arrêté du 27 avril 2010)</summary>
<p>Vous les remplissez ici\u00a0:</p>
<ul>
<li>les références de l’entreprise\u00a0: nom, raison sociale, SIRET, forme et immatriculations, adresse, téléphone, e-mail, assurance\u00a0;</li>
<li>les modalités de paiement\u00a0;</li>
<li>la responsabilité de l’entreprise et les modalités de sa mise en jeu, y compris les procédures arbitrales le cas échéant\u00a0;</li>
<li>les conditions générales, qui accompagnent le devis.</li>
</ul>
<p>Le devis imprime le reste de lui-même\u00a0: le nom et l’adresse du client, la date prévue, les lieux de chargement et de livraison et la distance aller, la date d’établissement du devis, le volume du mobilier, le type de voyage (spécial), la prestation choisie, le prix HT et TTC avec la mention qu’il est définitif, et la procédure des réserves à la livraison.</p>
</details>`;

function logoSection(viewer: Viewer, logo: StoredLogo | null, error: string | null): string {
  const current = logo
    ? `<p><img class="logo-preview" src="/logos/${logoFile(logo)}" width="${logo.width}" height="${logo.height}" alt="Votre logo actuel"></p>
<p class="meta">${logo.content_type === 'image/png' ? 'PNG' : 'JPEG'}, ${logo.width}\u00a0×\u00a0${logo.height}\u00a0pixels, ${fileSize(logo.bytes)}.</p>`
    : '<p class="meta">Aucun logo pour le moment\u00a0: le devis montre le nom de l’entreprise seul.</p>';
  const described = `champ-logo-aide${error ? ' champ-logo-erreur' : ''}`;
  return `<section class="card" aria-labelledby="titre-logo">
<h2 id="titre-logo">Logo</h2>
${current}
<form method="post" action="${COMPANY_URL}/logo" enctype="multipart/form-data" class="stack">
${csrfField(viewer.csrf)}
<label for="champ-logo">${logo ? 'Remplacer le logo' : 'Ajouter un logo'}</label>
<p class="meta" id="champ-logo-aide">PNG ou JPEG, ${fileSize(LOGO_MAX_BYTES)} au plus, ${LOGO_MAX_SIDE.toLocaleString('fr-FR')}\u00a0pixels au plus de chaque côté. Il figure en tête du devis et dans votre espace. Les images SVG ne sont pas acceptées.</p>
<input type="file" id="champ-logo" name="logo" accept="image/png,image/jpeg" required aria-describedby="${described}"${error ? ' aria-invalid="true"' : ''}>
${error ? `<p class="field-error" id="champ-logo-erreur" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit" class="button secondary">Envoyer le logo</button>
</form>
${
  logo
    ? `<form method="post" action="${COMPANY_URL}/logo/retirer" class="stack">${csrfField(viewer.csrf)}<button type="submit" class="button secondary">Retirer le logo</button></form>`
    : ''
}
</section>`;
}

export function renderCompanyPage({ viewer, values, errors, logo, logoError, message }: CompanyPageInput): string {
  const groups = REFERENCE_GROUPS.map(
    (group) =>
      `<fieldset><legend>${escapeHtml(group.legend)}</legend>${group.fields
        .map((field) => fieldMarkup(field, values[field.name], errors.get(field.name) ?? null))
        .join(
          '',
        )}${group.legend === 'Couleur' && values.brand_color && !errors.has('brand_color') ? swatch(values.brand_color) : ''}</fieldset>`,
  ).join('');
  const body = `<p><a href="${SETTINGS_URL}">Réglages</a></p>
<h1>Entreprise</h1>
<p>Les références de l’entreprise, telles que vos clients les lisent sur le devis, les e-mails et la page de confirmation. Un changement vaut pour les devis imprimés à partir de maintenant.</p>
${message ? notice('success', message) : ''}
${errorSummary(errors, REFERENCE_LABELS)}
${DEVIS_MENTIONS}
<form method="post" action="${COMPANY_URL}" class="card settings-form" novalidate>
${csrfField(viewer.csrf)}
${groups}
<button type="submit" class="button primary">Enregistrer</button>
</form>
${logoSection(viewer, logo, logoError)}`;
  return frame(errors.size > 0 ? 'Entreprise (à corriger)' : 'Entreprise', body, viewer, 'reglages');
}

export { fieldId };
