// The demo's back-office accounts, as the README publishes them and the demo prints them at start
// (demo/companies.ts): the tests sign in with what a reader of the README would type.
export const DEMO_ACCOUNTS = [
  { companyId: 1, email: 'bureau@transports-martin.example', password: 'martin-demo-2026' },
  { companyId: 2, email: 'bureau@demenagements-dupont.example', password: 'dupont-demo-2026' },
];
