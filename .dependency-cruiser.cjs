// The layers of DESIGN §2, enforced: each layer imports only the ones below it.
// Type-only imports are allowed across layers: they vanish at build and carry no behaviour.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle makes start-up order depend on who imports first.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'domain-is-pure',
      comment: 'src/domain: no React, DOM, network, nor any other layer of the project.',
      severity: 'error',
      from: { path: '^src/domain' },
      to: { path: '^(src/(services|state|ui)|elements|demo|test)/|^node_modules/(react|react-dom|jotai|@r2wc|sortablejs|@googlemaps)/' },
    },
    {
      name: 'services-on-domain',
      comment: 'src/services talk to the outside world and know only the domain.',
      severity: 'error',
      from: { path: '^src/services' },
      to: { path: '^(src/(state|ui)|elements|demo)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'state-on-domain-and-services',
      comment: 'src/state: atoms and the session, over the domain and the services; no screens.',
      severity: 'error',
      from: { path: '^src/state' },
      to: { path: '^(src/ui|elements|demo)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'ui-through-state',
      comment: 'Screens reach the network only through state: they import state and domain, never services.',
      severity: 'error',
      from: { path: '^src/ui' },
      to: { path: '^(src/services|elements|demo)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'elements-on-ui-and-state',
      comment: 'elements/: the tags, wrapping ui and state.',
      severity: 'error',
      from: { path: '^elements' },
      to: { path: '^(src/(services|domain)|demo)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-on-domain',
      comment:
        'The server shares the domain with the elements, and the one function that runs a pool’s code in QuickJS (the same limits on both sides), nothing else.',
      severity: 'error',
      from: { path: '^server' },
      to: { path: '^(src/(services|state|ui)|elements|demo)/', pathNot: '^src/services/pricing/run-pool-code\\.ts$' },
    },
    {
      name: 'pricing-knows-no-http',
      comment: 'server/pricing says its refusals in its own terms (pricing/refusals.ts); the one error handler answers them.',
      severity: 'error',
      from: { path: '^server/pricing' },
      to: { path: '^server/(http|routes|back-office)/|^node_modules/(fastify|@fastify)/' },
    },
    {
      name: 'server-db-is-storage',
      comment:
        'server/db reads and writes the database and nothing else: no page, no pricing, no route, no payment, no message. The booking states it guards its statements with are the one leaf it reads (bookings/booking-states.ts).',
      severity: 'error',
      from: { path: '^server/db/' },
      to: {
        path: '^server/(pages|pricing|routes|payments|back-office|notifications|follow|http|bookings)/',
        pathNot: '^server/bookings/booking-states\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'server-pages-read-no-database',
      comment: 'server/pages render what they are given: the routes and services read the database for them.',
      severity: 'error',
      from: { path: '^server/pages/' },
      to: { path: '^server/db/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-services-import-no-route',
      comment:
        'A route module (server/routes/, a *-routes.ts or routes.ts file) is an adapter: parse, call, render. What it calls (storage, pages, pricing, bookings, devis, payments, messages) never imports one back.',
      severity: 'error',
      from: {
        path: '^server/',
        pathNot: '^server/(app|compose|start|main)\\.ts$|^server/routes/|^server/.+[-/]routes\\.ts$|^server/test/',
      },
      to: { path: '^server/routes/|^server/.+[-/]routes\\.ts$' },
    },
    {
      name: 'server-payments-know-no-back-office',
      comment: 'Payments are a service the back office calls, never the other way round.',
      severity: 'error',
      from: { path: '^server/payments/' },
      to: { path: '^server/back-office/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'demo-composes-the-server',
      comment:
        'demo/ adds its companies and pages to the server through what the server publishes for that (transport-quote-server/compose), nothing deeper.',
      severity: 'error',
      from: { path: '^demo' },
      to: { path: '^(server/(?!compose\\.ts$)|src/(services|state|ui)/|elements/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
