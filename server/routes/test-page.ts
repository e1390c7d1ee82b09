import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { CompanyDataSchema } from 'transport-quote-wizard/domain';
import { findCarrierByKey, PublicKeySchema } from '../db/carrier-keys.ts';
import { escapeHtml } from '../pages/dashboard-page.ts';

const TestQuery = v.object({
  cle: v.optional(v.string(), ''),
  /** 'local': the server's own offline geocoder (a server without internet access, the tests); else the IGN's. */
  adresses: v.optional(v.picklist(['local', 'geoplateforme']), 'geoplateforme'),
});

/**
 * The policy of the test page: the element scripts of this server by nonce, QuickJS's
 * WebAssembly, the API of this server and the IGN's geocoder, the side frame from here; framed by nobody.
 */
const testPageCsp = (nonce: string) =>
  [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'wasm-unsafe-eval'`,
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self' https://data.geopf.fr",
    "frame-src 'self'",
    'worker-src blob:',
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');

/** The carrier's colour on both elements, as its snippet sets it; allowed by its hash (the page has no other inline style). */
function brandStyle(colour: string): string | null {
  return /^#[0-9a-f]{6}$/.test(colour) ? `transport-quote-wizard, transport-quote-lite { --tqw-brand: ${colour}; }` : null;
}

function page(title: string, body: string, nonce: string | null, style: string | null = null): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/back-office.css">${style ? `\n<style>${style}</style>` : ''}
</head>
<body>
<main>${body}</main>
${nonce ? `<script nonce="${nonce}" src="/dist/transport-quote-wizard.js"></script>\n<script nonce="${nonce}" src="/dist/transport-quote-lite.js"></script>` : ''}
</body>
</html>`;
}

/**
 * /integration/essai?cle=…: a page of this server that carries a carrier's snippet, as its own
 * site would, so the carrier tries its key before it pastes it (Réglages, Intégrer à mon site).
 * The key is public: anyone who has it sees what the carrier's site shows, nothing more.
 */
export const testPageRoutes: FastifyPluginAsync = async (app) => {
  const { sql } = app;
  app.get('/integration/essai', { schema: { hide: true } }, async (request, reply) => {
    const query = v.safeParse(TestQuery, request.query);
    const key = query.success ? v.safeParse(PublicKeySchema, query.output.cle) : null;
    const site = key?.success ? await findCarrierByKey(sql, key.output) : null;
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (!site || !key?.success || !query.success) {
      return reply
        .code(404)
        .header('content-security-policy', testPageCsp('aucun'))
        .send(
          page(
            'Clé inconnue',
            '<h1>Clé inconnue ou remplacée</h1><p>Ouvrez la page d’essai depuis «\u202fIntégrer à mon site\u202f», dans les Réglages de votre espace transporteur\u00a0: elle porte votre clé actuelle.</p>',
            null,
          ),
        );
    }
    const reference = v.parse(CompanyDataSchema, JSON.parse(site.store_json)).transportation_company;
    const name = reference?.name || site.name;
    const style = brandStyle(reference?.brand_color ?? '');
    const nonce = randomBytes(16).toString('base64');
    const provider = query.output.adresses === 'local' ? ' maps-provider="local"' : '';
    const attributes = `carrier-key="${escapeHtml(key.output)}"${provider}`;
    const body = `<h1>Page d’essai\u00a0: ${escapeHtml(name)}</h1>
<p>Cette page porte votre extrait, comme une page de votre site. Les devis sont faits à vos tarifs, et une réservation enregistrée ici arrive dans votre espace transporteur, comme celle d’un client.</p>
<h2>L’assistant complet</h2>
<transport-quote-wizard id="essai-assistant" ${attributes}></transport-quote-wizard>
<h2>La variante simplifiée</h2>
<transport-quote-lite id="essai-lite" ${attributes}></transport-quote-lite>`;
    const policy = testPageCsp(nonce).replace(
      "style-src 'self'",
      `style-src 'self'${style ? ` 'sha256-${createHash('sha256').update(style).digest('base64')}'` : ''}`,
    );
    return reply.header('content-security-policy', policy).send(page(`Page d’essai · ${name}`, body, nonce, style));
  });
};
