import { TERMS_MODEL, type SeedCompany } from 'transport-quote-server/compose';

/**
 * Demo companies. Their tokens are public on purpose (README): they open the intranet
 * demo. Real companies get random tokens; these two exist to show and test isolation.
 */
export const DEMO_COMPANY_TOKEN = 'tqw_demo_5b2f0c8e9d1a4e67b3c2a9f0e1d4c7b6';
export const OTHER_COMPANY_TOKEN = 'tqw_demo_0a9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c';
/** Their public keys (carrier-key), published too: the keyed demo pages and the tests use them. */
export const DEMO_PUBLIC_KEY = 'tqw_pk_demo_martin_2f6b1c9e4a7d3f58';
export const OTHER_PUBLIC_KEY = 'tqw_pk_demo_dupont_8e1a5c3f9b2d6e47';

/** JavaScript body run in the pricing sandbox with `input` (see src/domain/pools/pool-io.ts). */
export const PRO_GRID_CODE = `
const km = input.distance_km;
if (input.volume_m3 > 40) {
  return { transportation: 0, handling: 0, error: 'Volume trop important pour la Grille Pro : contactez-nous.' };
}
const transportation = 45 + km * 0.9 + input.duration_h * 20;
const handling = input.handling_hours * Math.max(1, input.persons) * 28;
return {
  transportation: Math.round(transportation),
  handling: Math.round(handling),
  info: km > 300 ? 'Longue distance : le chauffeur peut prévoir une nuit sur place.' : null,
};
`.trim();

/**
 * The demo's keyless pages belong to the first demo company (PUBLIC_COMPANY_ID is 1): its
 * records price them, as its key's pages. This configuration prices them only when they belong
 * to nobody (PUBLIC_COMPANY_ID=none): the spec's defaults, the public grid alone.
 */
export const DEMO_PUBLIC_PRICING = {
  transportation_company: {
    name: 'Transports Martin & Fils',
    phone_number: '01 48 20 31 00',
    email: 'contact@transports-martin.example',
    address: '12 rue des Docks, 93200 Saint-Denis',
    registration: 'SAS au capital de 50 000 € · RCS Bobigny 123 456 789 (démonstration)',
  },
};

/**
 * One back-office account per demo company, public like the demo tokens (README, and printed
 * at the demo's start): /espace-transporteur shows each company its own bookings, and the
 * first one also the public pages' (PUBLIC_COMPANY_ID is 1 in the demo).
 */
export const DEMO_ACCOUNTS = [
  { companyId: 1, companyName: 'Transports Martin & Fils', email: 'bureau@transports-martin.example', password: 'martin-demo-2026' },
  { companyId: 2, companyName: 'Déménagements Dupont', email: 'bureau@demenagements-dupont.example', password: 'dupont-demo-2026' },
] as const;

export const DEMO_COMPANIES: readonly SeedCompany[] = [
  {
    id: 1,
    token: DEMO_COMPANY_TOKEN,
    publicKey: DEMO_PUBLIC_KEY,
    name: 'Transports Martin & Fils',
    store: {
      company_mode: true,
      transportation_company: {
        name: 'Transports Martin & Fils',
        phone_number: '01 48 20 31 00',
        email: 'contact@transports-martin.example',
        address: '12 rue des Docks, 93200 Saint-Denis',
        legal_name: 'Transports Martin & Fils SAS',
        legal_form: 'SAS au capital de 50 000 €',
        trade_register: 'RCS Bobigny 812 345 678 (démonstration)',
        transport_register: 'n° 2026 11 0004512, Île-de-France (démonstration)',
        siret: '81234567800013',
        insurer: 'Mutuelle des Transporteurs (démonstration)',
        insurance_policy: 'RC-2026-004512',
        payment_terms:
          'Solde par virement, chèque ou carte bancaire à la livraison, avant le déchargement complet. Aucun paiement en espèces au-delà de 1 000 €.',
        liability_terms:
          'Notre responsabilité couvre la perte et les avaries des biens confiés, dans la limite de la valeur que vous déclarez (par objet : 1 500 € au plus sans déclaration particulière). Réclamations par lettre recommandée au siège ; sans réponse sous un mois, vous pouvez saisir le médiateur.',
        mediator_name: 'Médiation des déménageurs (démonstration)',
        mediator_website: 'https://www.mediation-demenagement.example',
        mediator_address: '1 rue de la Médiation, 75001 Paris',
        devis_validity_days: 30,
        brand_color: '#0f766e',
        answer_within_hours: 4,
      },
      vat: 0.2,
      currency_symbol: '€',
      can_edit_price: true,
      permissions: [{ name: 'prices', can_read: true }],
      hide_vl_selector: false,
      driver_pools: [
        { id: 'public', name: 'Grille publique' },
        { id: 2, name: 'Grille Pro', apply_to: 'apply_to_travels', compute_price_func_body: PRO_GRID_CODE },
        { id: 3, name: 'Partenaires Île-de-France', default_notes: 'Prévenir le gardien 30 minutes avant l’arrivée.' },
      ],
      // Its options (Réglages, Options; issue 45): what its customers add on the estimate.
      options: [
        { id: 'emballage', label: 'Emballage et déballage', kind: 'forfait', price_ht: 180 },
        { id: 'cartons', label: 'Cartons fournis', kind: 'unite', price_ht: 3.5, max_quantity: 150 },
        { id: 'demontage', label: 'Démontage et remontage', kind: 'piece', price_ht: 6 },
        { id: 'monte-meubles', label: 'Monte-meubles', kind: 'forfait', price_ht: 250 },
        { id: 'stationnement', label: 'Autorisation de stationnement', kind: 'forfait', price_ht: 60 },
        { id: 'assurance', label: 'Assurance ad valorem', kind: 'pourcentage', percent: 0.5, min_value: 1000, max_value: 60000 },
      ],
    },
    // The product's model of general conditions, its first line (the warning to adapt it) taken off.
    terms: TERMS_MODEL.split('\n').slice(2).join('\n'),
    preferredItemNames: ['Carton standard', 'Canapé 3 places', 'Lit double', 'Réfrigérateur', 'Lave-linge'],
    places: [
      {
        label: 'Entrepôt Saint-Denis',
        address_complete: '12 Rue des Docks 93200 Saint-Denis',
        lat: 48.9362,
        lng: 2.3574,
        locality: 'Saint-Denis',
        postal_code: '93200',
        floor_nb: 0,
        elevator_presence: false,
        notes: 'Quai de chargement n°3, badge à l’accueil.',
        contacts: [{ name: 'Karim Benali', phone_number: '0611223344', email: 'karim.benali@transports-martin.example' }],
      },
      {
        label: 'Siège Paris 8e',
        address_complete: '25 Rue de la Boétie 75008 Paris',
        lat: 48.8728,
        lng: 2.3127,
        locality: 'Paris',
        postal_code: '75008',
        floor_nb: 4,
        elevator_presence: true,
        notes: 'Livraison par l’entrée de service.',
        contacts: [{ name: 'Sophie Lambert', phone_number: '0145678900' }],
      },
      {
        label: 'Agence Lyon Bellecour',
        address_complete: '3 Place Bellecour 69002 Lyon',
        lat: 45.7578,
        lng: 4.832,
        locality: 'Lyon',
        postal_code: '69002',
        floor_nb: 1,
        elevator_presence: false,
        notes: '',
        contacts: [],
      },
    ],
    contacts: [
      { name: 'Karim Benali', phone_number: '0611223344', email: 'karim.benali@transports-martin.example' },
      { name: 'Sophie Lambert', phone_number: '0145678900', email: 'sophie.lambert@transports-martin.example' },
      { name: 'Julien Moreau', phone_number: '0788990011', email: '' },
      { name: 'Nadia Haddad', phone_number: '0622334455', email: 'nadia.haddad@exemple.fr' },
    ],
    customers: [
      { name: 'Boulangerie Durand', reference: 'CLI-0042', email: 'contact@boulangerie-durand.example', phone_number: '0142000001' },
      { name: 'Cabinet Lefèvre Avocats', reference: 'CLI-0107', email: 'accueil@lefevre-avocats.example', phone_number: '0478000002' },
      { name: 'Mairie de Montreuil', reference: 'CLI-0200', email: 'services.techniques@montreuil.example', phone_number: '0148000003' },
    ],
    ownItems: [
      {
        name: 'Palette Europe',
        family: 'Divers',
        volume: 1.5,
        weight: 300,
        length: 120,
        width: 80,
        height: 150,
        time_factor: 0.15,
        persons_needed: 1,
        elevator: false,
        minimal_truck_capacity: 12,
      },
      {
        name: 'Baie serveur 42U',
        family: 'Bureau',
        volume: 1.2,
        weight: 250,
        length: 120,
        width: 60,
        height: 200,
        time_factor: 1,
        persons_needed: 3,
        elevator: true,
        minimal_truck_capacity: 0,
      },
    ],
  },
  {
    id: 2,
    token: OTHER_COMPANY_TOKEN,
    publicKey: OTHER_PUBLIC_KEY,
    name: 'Déménagements Dupont',
    store: {
      company_mode: true,
      transportation_company: { name: 'Déménagements Dupont' },
      permissions: [{ name: 'prices', can_read: false }],
      hide_address_floor: true,
    },
    preferredItemNames: ['Carton standard'],
    places: [
      {
        label: 'Garde-meubles Dupont',
        address_complete: '8 Rue de l’Industrie 33000 Bordeaux',
        lat: 44.8378,
        lng: -0.5792,
        locality: 'Bordeaux',
        postal_code: '33000',
        floor_nb: 0,
        elevator_presence: false,
        notes: 'Code portail 7788',
        contacts: [],
      },
    ],
    contacts: [{ name: 'Paul Dupont', phone_number: '0556000000', email: 'paul@dupont.example' }],
    customers: [{ name: 'Client Secret Dupont', reference: 'D-1', email: 'secret@dupont.example', phone_number: '0556000001' }],
    ownItems: [
      {
        name: 'Caisse à vin Dupont',
        family: 'Divers',
        volume: 0.05,
        weight: 18,
        length: 50,
        width: 30,
        height: 30,
        time_factor: 0.05,
        persons_needed: 1,
        elevator: true,
        minimal_truck_capacity: 0,
      },
    ],
  },
];
