import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { companyStore, findCompanyByToken, preferredItemNames } from '../db/companies-repo.ts';
import type { Db } from '../db/database.ts';
import type { ItemCatalogue } from '../db/items-repo.ts';
import { DEMO_COMPANY_TOKEN } from '../seed/demo-companies.ts';

/** JSON inside <script type="application/json">: '<' escaped so no '</script>' can close it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The policy the README recommends for host pages, applied to the CSP demo. */
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

/** Demo pages that need the server: the intranet page's company data block, the CSP page's nonce. */
export function demoPageRoutes(app: FastifyInstance, db: Db, catalogue: ItemCatalogue, root: string): void {
  const pages = path.join(root, 'demo', 'pages');
  app.get('/company.html', async (_request, reply) => {
    const company = findCompanyByToken(db, DEMO_COMPANY_TOKEN);
    const store = company ? companyStore(db, company, DEMO_COMPANY_TOKEN, catalogue.byNames(preferredItemNames(company))) : null;
    const html = readFileSync(path.join(pages, 'company.template.html'), 'utf8').replace('__COMPANY_STORE__', jsonForScript(store));
    return reply.type('text/html; charset=utf-8').send(html);
  });
  app.get('/csp.html', async (_request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    const html = readFileSync(path.join(pages, 'csp.html'), 'utf8').replaceAll('__CSP_NONCE__', nonce);
    return reply.type('text/html; charset=utf-8').header('content-security-policy', strictCsp(nonce)).send(html);
  });
}
