import type { FastifyInstance, FastifyReply } from 'fastify';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  companyStore,
  findCompanyByToken,
  keylessCarrierData,
  preferredItems,
  type CompositionContext,
} from 'transport-quote-server/compose';
import { DEMO_COMPANY_TOKEN } from './companies.ts';
import { renderDocsPage } from './docs-page.ts';

/** JSON inside <script type="application/json">: '<' escaped so no '</script>' can close it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The policy docs/integrators.md recommends for host pages, applied to the CSP demo. */
export function strictCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self' https://data.geopf.fr",
    "frame-src 'self'",
    'worker-src blob:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * The policy of the other demo pages: scripts by nonce only, QuickJS's WebAssembly for pools
 * with pricing code, framed only by this origin (the iframe demo frames its child page).
 */
export function demoCsp(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'wasm-unsafe-eval'`,
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self' https://data.geopf.fr",
    "frame-src 'self'",
    'worker-src blob:',
    "frame-ancestors 'self'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** Every script tag of a page gets the request's nonce. */
function withNonce(html: string, nonce: string): string {
  return html.replaceAll('__CSP_NONCE__', nonce).replace(/<script(?![^>]*\bnonce=)/g, `<script nonce="${nonce}"`);
}

const PAGES: Record<string, string> = {
  '/': 'index.html',
  '/index.html': 'index.html',
  '/lite.html': 'lite.html',
  '/edit.html': 'edit.html',
  '/iframe-host.html': 'iframe-host.html',
  '/iframe-child.html': 'iframe-child.html',
};

/**
 * The visitor's pages carry no key; they belong to the first demo company (PUBLIC_COMPANY_ID),
 * whose records price them. Their data block is that company's public data, read at each view
 * as its key's pages read it: its options, deposit, days and colour show as they are priced.
 */
const KEYLESS_BLOCK = '__KEYLESS_COMPANY__';

/**
 * The demo pages, each served with a fresh nonce and its Content-Security-Policy; the
 * intranet page with its company data block, the CSP page with the strictest policy of docs/integrators.md.
 */
export async function demoPageRoutes(app: FastifyInstance, { sql, elementsDir }: CompositionContext, pages: string): Promise<void> {
  const send = (reply: FastifyReply, file: string, fill: (html: string) => string = (html) => html, policy = demoCsp) => {
    const nonce = randomBytes(16).toString('base64');
    const html = withNonce(fill(readFileSync(path.join(pages, file), 'utf8')), nonce);
    return reply.type('text/html; charset=utf-8').header('content-security-policy', policy(nonce)).send(html);
  };
  const withKeylessCompany = async () => {
    const company = jsonForScript((await keylessCarrierData(app)) ?? {});
    return (html: string) => html.replace(KEYLESS_BLOCK, company);
  };
  for (const [url, file] of Object.entries(PAGES)) app.get(url, async (_request, reply) => send(reply, file, await withKeylessCompany()));
  // The reference page, generated from the manifest the build generated from the source.
  app.get('/docs.html', async (_request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    const manifest = JSON.parse(readFileSync(path.join(elementsDir, 'custom-elements.json'), 'utf8'));
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', demoCsp(nonce))
      .send(withNonce(renderDocsPage(manifest), nonce));
  });
  app.get('/company.html', async (_request, reply) => {
    const company = await findCompanyByToken(sql, DEMO_COMPANY_TOKEN);
    const store = company ? await companyStore(sql, company, DEMO_COMPANY_TOKEN, await preferredItems(sql, company.id)) : null;
    return send(reply, 'company.template.html', (html) => html.replace('__COMPANY_STORE__', jsonForScript(store)));
  });
  app.get('/csp.html', async (_request, reply) => send(reply, 'csp.html', await withKeylessCompany(), strictCsp));
  // The pages' own files (styles, small scripts); the pages themselves come from above with their nonce.
  await app.register(fastifyStatic, {
    root: pages,
    prefix: '/',
    decorateReply: false,
    index: false,
    allowedPath: (pathName) => /^\/[\w-]+\.(css|js)$/.test(pathName),
  });
}
