import * as v from 'valibot';
import { csrfField, escapeHtml, frame, notice, type Viewer } from '../layout.ts';
import { SETTINGS_URL } from './pages.ts';

export const INTEGRATION_URL = `${SETTINGS_URL}/integration`;
/** The page this server serves with a carrier's snippet, to try it as a customer would. */
export const TEST_PAGE_PATH = '/integration/essai';

export interface IntegrationPageInput {
  viewer: Viewer;
  /** Where this server answers, as the snippets name it (PUBLIC_URL, or the address the page was asked at). */
  base: string;
  publicKey: string;
  allowedOrigins: string[];
  brandColour: string;
  /** What was typed in the sites' field when it was refused, and why. */
  typedOrigins?: string;
  originsError?: string | null;
  /** A company token just made: shown once, in the intranet snippet. */
  newToken?: string | null;
  /** The maps provider the snippets name (issue 58: chosen on the page, `?carte=`). */
  maps?: MapChoice;
  message: string | null;
}

/** The element's maps-provider values, the Géoplateforme first: free, no key. */
export const MAP_CHOICES = ['geoplateforme', 'google', 'local'] as const;
export type MapChoice = (typeof MAP_CHOICES)[number];
const MapChoiceSchema = v.picklist(MAP_CHOICES);

/** The provider a visit of the page asks for (`?carte=`); anything else is the Géoplateforme. */
export function mapChoiceOf(raw: unknown): MapChoice {
  const parsed = v.safeParse(MapChoiceSchema, raw);
  return parsed.success ? parsed.output : 'geoplateforme';
}

const GOOGLE_KEY_PLACEHOLDER = 'VOTRE_CLE_GOOGLE_MAPS';

/** What each provider is called in the page, and what it needs from the carrier and from the visitor's network. */
const MAP_NEEDS: Record<MapChoice, { name: string; needs: string }> = {
  geoplateforme: {
    name: 'Géoplateforme de l’IGN (conseillé)',
    needs:
      'Gratuite et sans clé. Les adresses et l’itinéraire viennent de data.geopf.fr, que le navigateur du visiteur appelle\u00a0: son réseau doit y accéder (un réseau d’entreprise ou un bloqueur peut le refuser, le champ d’adresse le dit alors en français). Si votre site a une politique de sécurité (CSP), ajoutez https://data.geopf.fr à connect-src.',
  },
  google: {
    name: 'Google Maps',
    needs: `Une clé Google Maps Platform, à mettre à la place de ${GOOGLE_KEY_PLACEHOLDER}\u00a0: API Places, Geocoding et Routes activées, clé limitée à vos sites (référents HTTP), facturée par Google. Le navigateur du visiteur appelle maps.googleapis.com et maps.gstatic.com (à ajouter à votre CSP s’il y en a une). Le prix reste calculé par ce serveur sur l’itinéraire de l’IGN.`,
  },
  local: {
    name: 'Ce serveur seul',
    needs:
      'Aucune adresse ne part ailleurs que vers ce serveur, le seul que le visiteur doit joindre. Les adresses sont cherchées dans l’index des communes de ce serveur (la position est celle de la commune) et la distance affichée est estimée à vol d’oiseau × 1,5\u00a0: moins précis que la Géoplateforme.',
  },
};

/** The snippet's attributes for a maps provider: Google's key is the carrier's to fill in. */
function mapsAttributes(maps: MapChoice): string {
  return maps === 'google' ? ` maps-provider="google" maps-key="${GOOGLE_KEY_PLACEHOLDER}"` : ` maps-provider="${maps}"`;
}

const TOKEN_PLACEHOLDER = 'VOTRE_JETON_D_ENTREPRISE';

export function publicSnippet(base: string, key: string, brandColour: string, maps: MapChoice = 'geoplateforme'): string {
  return [
    ...(brandColour ? [`<style>transport-quote-wizard { --tqw-brand: ${brandColour}; }</style>`] : []),
    `<script src="${base}/dist/transport-quote-wizard.js" async></script>`,
    `<transport-quote-wizard carrier-key="${key}" api-base="${base}"${mapsAttributes(maps)}></transport-quote-wizard>`,
  ].join('\n');
}

export function intranetSnippet(base: string, token: string, maps: MapChoice = 'geoplateforme'): string {
  return [
    `<script src="${base}/dist/transport-quote-wizard.js" async></script>`,
    `<transport-quote-wizard mode="company" company-token="${token}" api-base="${base}"${mapsAttributes(maps)}></transport-quote-wizard>`,
  ].join('\n');
}

/** A snippet in a read-only field: a tap selects it whole on a phone, Ctrl+A then Ctrl+C on a computer. */
function snippetField(id: string, label: string, code: string): string {
  const rows = code.split('\n').length + 1;
  return `<label for="${id}">${escapeHtml(label)}</label>
<textarea id="${id}" class="snippet" readonly rows="${rows}" spellcheck="false" aria-describedby="${id}-aide">${escapeHtml(code)}</textarea>
<p class="meta" id="${id}-aide">Cliquez dans le cadre, sélectionnez tout (Ctrl+A, ou Cmd+A sur Mac), puis copiez (Ctrl+C).</p>`;
}

export function renderIntegrationPage(input: IntegrationPageInput): string {
  const { viewer, base, publicKey, allowedOrigins, brandColour, newToken = null, maps = 'geoplateforme', message } = input;
  const csrf = csrfField(viewer.csrf);
  const origins = input.typedOrigins ?? allowedOrigins.join('\n');
  const originsError = input.originsError ?? null;
  const parentOrigin = allowedOrigins[0] ?? 'https://www.votre-site.fr';
  const testUrl = `${TEST_PAGE_PATH}?${new URLSearchParams({ cle: publicKey })}`;
  const body = `<p><a href="${SETTINGS_URL}">Réglages</a></p>
<h1>Intégrer à mon site</h1>
<p>Le devis en ligne se colle sur n’importe quelle page de votre site. Deux identifiants, à ne pas confondre\u00a0: la <strong>clé publique</strong>, pour les pages que tout le monde voit, et le <strong>jeton d’entreprise</strong>, pour votre intranet.</p>
${message ? notice('success', message) : ''}
${newToken ? notice('info', 'Voici le nouveau jeton d’entreprise, dans l’extrait de l’intranet ci-dessous. Notez-le\u00a0: il ne sera plus affiché. L’ancien ne fonctionne plus\u00a0; mettez le nouveau sur vos pages intranet.') : ''}

<section class="card snippet-card" aria-labelledby="titre-cle">
<h2 id="titre-cle">Votre clé publique</h2>
<p><code class="key">${escapeHtml(publicKey)}</code></p>
<p>Elle figure en clair dans vos pages\u00a0: elle n’ouvre rien de privé (ni vos clients, ni vos lieux, ni vos réservations). Les devis faits avec elle sont à vos tarifs, et les réservations arrivent dans votre espace, vos webhooks et vos e-mails.</p>
<details class="remove"><summary class="button secondary">Remplacer la clé</summary>
<form method="post" action="${INTEGRATION_URL}/cle">${csrf}
<p>L’ancienne clé cesse aussitôt de fonctionner\u00a0: les pages qui la portent encore ne donnent plus de prix et n’enregistrent plus de réservation. Mettez ensuite la nouvelle sur chacune de vos pages.</p>
<button type="submit" class="button danger">Remplacer la clé maintenant</button></form></details>
</section>

<section class="card snippet-card" aria-labelledby="titre-carte">
<h2 id="titre-carte">Adresses et itinéraire</h2>
<p>Le devis cherche les adresses que tape le visiteur et calcule l’itinéraire avec l’un de ces services. Les extraits ci-dessous portent celui que vous choisissez.</p>
<form method="get" action="${INTEGRATION_URL}" class="stack">
<fieldset><legend>Service d’adresses</legend>
${MAP_CHOICES.map(
  (
    choice,
  ) => `<p><label><input type="radio" name="carte" value="${choice}"${choice === maps ? ' checked' : ''} aria-describedby="carte-${choice}"> ${escapeHtml(MAP_NEEDS[choice].name)}</label></p>
<p class="meta" id="carte-${choice}">${escapeHtml(MAP_NEEDS[choice].needs)}</p>`,
).join('\n')}
</fieldset>
<button type="submit" class="button secondary">Mettre à jour les extraits</button>
</form>
</section>

<section class="card snippet-card" aria-labelledby="titre-public">
<h2 id="titre-public">Sur une page publique de votre site</h2>
<p>À coller là où le devis doit apparaître, dans un bloc HTML de la page (sous WordPress, le bloc «\u202fHTML personnalisé\u202f», ou l’extension plus bas). Prix TTC, pour les particuliers.</p>
${snippetField('extrait-public', 'Extrait pour une page publique', publicSnippet(base, publicKey, brandColour, maps))}
<p class="meta">La variante en quatre étapes, si votre serveur la propose\u00a0: remplacez transport-quote-wizard par transport-quote-lite, aux deux endroits. Dans une iframe, ajoutez parent-origin="${escapeHtml(parentOrigin)}" (l’adresse de la page qui l’encadre, parmi vos sites autorisés) pour qu’elle reçoive le lien de modification de la réservation.</p>
<p><a class="button secondary" href="${escapeHtml(testUrl)}">Ouvrir la page d’essai</a></p>
<p class="meta">Une page de ce serveur qui porte cet extrait\u00a0: faites-y un devis comme un client, la réservation arrive dans votre espace.</p>
</section>

<section class="card snippet-card" aria-labelledby="titre-intranet">
<h2 id="titre-intranet">Sur votre intranet</h2>
<p><strong>Qui peut la voir\u00a0: votre équipe seulement.</strong> Le jeton d’entreprise ouvre vos lieux enregistrés, vos contacts et vos clients, et montre les prix HT\u00a0: ne le mettez que sur une page protégée par un mot de passe, jamais sur une page publique.</p>
${snippetField('extrait-intranet', 'Extrait pour une page intranet', intranetSnippet(base, newToken ?? TOKEN_PLACEHOLDER, maps))}
${
  newToken
    ? ''
    : `<p class="meta">Le jeton vous a été remis à la création de l’entreprise. Il n’est pas conservé en clair, donc pas affiché ici\u00a0: remplacez ${TOKEN_PLACEHOLDER} par le vôtre, ou demandez-en un nouveau.</p>`
}
<details class="remove"><summary class="button secondary">Obtenir un nouveau jeton d’entreprise</summary>
<form method="post" action="${INTEGRATION_URL}/jeton">${csrf}
<p>Le jeton actuel cesse aussitôt de fonctionner sur vos pages intranet\u00a0; le nouveau s’affiche une seule fois, dans l’extrait.</p>
<button type="submit" class="button danger">Remplacer le jeton maintenant</button></form></details>
</section>

<section class="card snippet-card" aria-labelledby="titre-wordpress">
<h2 id="titre-wordpress">Extension WordPress</h2>
<p>Dans WordPress, menu Réglages, Devis de transport, saisissez\u00a0:</p>
<dl class="values">
<dt>Adresse des scripts</dt><dd><code>${escapeHtml(base)}/dist/</code></dd>
<dt>Adresse de l’API</dt><dd><code>${escapeHtml(base)}</code></dd>
<dt>Clé publique du transporteur</dt><dd><code>${escapeHtml(publicKey)}</code></dd>
<dt>Jeton d’entreprise</dt><dd>celui de votre intranet (ci-dessus), avec la page de l’intranet qui seule le porte</dd>
${brandColour ? `<dt>Couleur de marque</dt><dd><code>${escapeHtml(brandColour)}</code></dd>` : ''}
</dl>
</section>

<section class="card snippet-card" aria-labelledby="titre-sites">
<h2 id="titre-sites">Sites autorisés</h2>
${allowedOrigins.length === 0 ? notice('info', 'Aucun site déclaré\u00a0: n’importe quel site peut aujourd’hui utiliser votre clé. Indiquez les vôtres pour que les autres soient refusés.') : ''}
<form method="post" action="${INTEGRATION_URL}/sites" class="stack">${csrf}
<label for="champ-sites">Adresses de vos sites</label>
<p class="meta" id="champ-sites-aide">Une par ligne, sans chemin, par exemple https://www.votre-site.fr. Une page d’un autre site qui porte votre clé n’obtient ni prix ni réservation. La page d’essai de ce serveur reste toujours autorisée.</p>
<textarea id="champ-sites" name="sites" rows="4" spellcheck="false" aria-describedby="champ-sites-aide${originsError ? ' champ-sites-erreur' : ''}"${originsError ? ' aria-invalid="true"' : ''}>${escapeHtml(origins)}</textarea>
${originsError ? `<p class="field-error" id="champ-sites-erreur" role="alert">${escapeHtml(originsError)}</p>` : ''}
<button type="submit" class="button primary">Enregistrer les sites</button>
</form>
</section>`;
  return frame('Intégrer à mon site', body, viewer, 'reglages');
}
