// The demo (`npm start`): the production server composed with the demo companies, whose
// tokens and back-office passwords are public, their pages and a banner that says so.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedCompanies, startServer } from 'transport-quote-server/compose';
import { DEMO_ACCOUNTS, DEMO_COMPANIES, DEMO_PUBLIC_PRICING } from './companies.ts';
import { demoPageRoutes } from './page-routes.ts';

/** demo/pages, read where they are: the build writes this file to demo/dist/. */
const pages = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'pages');

await startServer({
  name: 'démonstration',
  seed: (sql) => seedCompanies(sql, DEMO_COMPANIES, DEMO_ACCOUNTS),
  publicPricing: DEMO_PUBLIC_PRICING,
  routes: (app, context) => demoPageRoutes(app, context, pages),
  banner: (base) => [
    '',
    'Transport quote wizard : serveur de démonstration prêt (npm start ; le serveur seul démarre en production)',
    `  Page CMS (visiteur)          ${base}/`,
    `  Intranet transporteur        ${base}/company.html`,
    `  Hôte iframe (messages)       ${base}/iframe-host.html`,
    `  Variante légère              ${base}/lite.html`,
    `  Page sous CSP stricte        ${base}/csp.html`,
    `  Modifier une réservation     ${base}/edit.html?id=…&token=…`,
    `  Référence des éléments       ${base}/docs.html`,
    `  API (OpenAPI)                ${base}/api/v1/openapi.json`,
    `  Espace transporteur          ${base}/espace-transporteur`,
    ...DEMO_ACCOUNTS.map((account) => `    ${account.companyName.padEnd(27)}${account.email} / ${account.password}`),
  ],
});
