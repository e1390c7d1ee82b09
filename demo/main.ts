// The demo (`npm start`): the production server composed with the demo companies, whose
// tokens and back-office passwords are public, their pages and a banner that says so.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedCompanies, startServer } from 'transport-quote-server/compose';
import { DEMO_ACCOUNTS, DEMO_COMPANIES, DEMO_PUBLIC_PRICING } from './companies.ts';
import { demoPageRoutes } from './page-routes.ts';
import { startDemoStripe } from './stripe-stand-in.ts';

/** demo/pages, read where they are: the build writes this file to demo/dist/. */
const pages = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'pages');

// The deposit through Stripe, without the internet: a local stand-in for Stripe unless real keys
// are given (DEMO_STRIPE=0 turns it off: the test suites start the demo without it).
const standInStripe = process.env.DEMO_STRIPE !== '0' && !process.env.STRIPE_SECRET_KEY;
if (standInStripe) {
  process.env.STRIPE_WEBHOOK_SECRET = 'whsec_demonstration_0123456789';
  process.env.STRIPE_SECRET_KEY = 'sk_test_demonstration_0123456789';
  process.env.STRIPE_API_BASE = await startDemoStripe(process.env.STRIPE_WEBHOOK_SECRET);
}

await startServer({
  name: 'démonstration',
  seed: async (sql) => {
    await seedCompanies(sql, DEMO_COMPANIES, DEMO_ACCOUNTS);
    // Transports Martin asks a 30 % deposit once its customer accepted the devis (Réglages, Acompte).
    if (standInStripe)
      await sql.run(
        "INSERT INTO deposit_settings (company_id, kind, percent, due, updated_at) VALUES (1, 'percent', 30, 'devis_accepted', ?) ON CONFLICT (company_id) DO NOTHING",
        [new Date().toISOString()],
      );
  },
  publicPricing: DEMO_PUBLIC_PRICING,
  routes: (app, context) => demoPageRoutes(app, context, pages),
  banner: (base) => [
    'Transport quote wizard\u00a0: serveur de démonstration prêt (npm start\u00a0; le serveur seul démarre en production)',
    `Page CMS (visiteur)\u00a0: ${base}/`,
    `Intranet transporteur\u00a0: ${base}/company.html`,
    `Hôte iframe (messages)\u00a0: ${base}/iframe-host.html`,
    `Variante légère\u00a0: ${base}/lite.html`,
    `Page sous CSP stricte\u00a0: ${base}/csp.html`,
    `Modifier une réservation\u00a0: ${base}/edit.html?id=…&token=…`,
    `Référence des éléments\u00a0: ${base}/docs.html`,
    `API (OpenAPI)\u00a0: ${base}/api/v1/openapi.json`,
    `Espace transporteur\u00a0: ${base}/espace-transporteur`,
    ...DEMO_ACCOUNTS.map((account) => `Compte de démonstration\u00a0: ${account.companyName}, ${account.email} / ${account.password}`),
  ],
});
