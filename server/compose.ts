// What a composition (the demo, demo/main.ts, or a carrier's own start) builds on: the
// server's start, and the few pieces of its records its pages read. Published as
// `transport-quote-server/compose`.
export { startServer } from './start.ts';
export type { Composition, CompositionContext } from './composition.ts';
export { seedCompanies, type SeedAccount, type SeedCompany } from './db/seed.ts';
export { findCompanyByToken } from './db/companies-repo.ts';
export { companyStore } from './companies/company-block.ts';
export { preferredItems } from './db/items-repo.ts';
export { escapeHtml } from './pages/dashboard-page.ts';
export { TERMS_MODEL } from './pages/terms-model.ts';
export { keylessCarrierData } from './routes/carriers.ts';
