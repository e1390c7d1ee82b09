import { expect, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { parseSerializedTravelState } from '../../src/domain/payload/serialized-travel.ts';
import {
  DEMO_COMPANY_TOKEN,
  PREFERRED,
  STOPS,
  fillCustomer,
  mountWizard,
  next,
  recordBookings,
  toFinalisation,
} from './booking-support.ts';
import {
  allByRole,
  apiBase,
  byRole,
  choose,
  findByRole,
  isUnavailable,
  press,
  textOf,
  type,
  dayAfterToday,
  parisTime,
  findLiveRegion,
  giveElementsFetch,
  storeOf,
} from './support.ts';
import { setDevisSignedAtom } from '../../src/state/booking.atoms.ts';

/**
 * The booking of STOPS with one 'Canapé 3 places', worked out by hand from the spec's rules
 * (§9), never by the code under test. The demo's local provider has no road network, so
 * the route is the straight-line fallback.
 */
function expectedBooking() {
  const [from, to] = STOPS.map((stop) => ({ lat: (stop.lat * Math.PI) / 180, lng: (stop.lng * Math.PI) / 180 }));
  const haversine =
    Math.sin((to!.lat - from!.lat) / 2) ** 2 + Math.cos(from!.lat) * Math.cos(to!.lat) * Math.sin((to!.lng - from!.lng) / 2) ** 2;
  // Great circle on a 6371 km earth, × 1.5 for the road; 80 km/h above 100 km.
  const roadKm = 2 * 6371 * Math.asin(Math.sqrt(haversine)) * 1.5;
  expect(roadKm).to.be.above(100);
  const hours = roadKm / 80;
  // The driver's route is the customer's plus the straight way back from the last stop to the first: twice here.
  const transport = Math.max(38, Math.round(2 * roadKm * 0.7 + 2 * hours * 15));
  // The sofa: 0.5 h, 2 persons (a moving: 30 an hour), carried from the 3rd floor without lift (× 1.1) to the
  // ground floor (× 1): 0.5 × 1.05 = 0.525 h, billed by the half hour as 1 h; VAT 20 %.
  const handlingHours = 1;
  const handling = Math.round(handlingHours * 2 * 30 * 1.2);
  return { distance: roadKm * 1000, duration: hours * 3600, transport, handling, handlingSeconds: handlingHours * 3600, persons: 2 };
}

async function createBooking(): Promise<{ id: number; token: string }> {
  const recorder = recordBookings();
  try {
    const root = await mountWizard({ company: { preferred_items: PREFERRED } });
    await toFinalisation(root);
    await fillCustomer(root);
    byRole(root, 'button', 'Enregistrer').click();
    await findByRole(root, 'heading', 'Votre réservation est enregistrée !', 6000);
    return recorder.sent[0]!.response as { id: number; token: string };
  } finally {
    recorder.restore();
  }
}

describe('panels 2 to 4: estimate, finalisation, booking', () => {
  afterEach(async () => setViewport({ width: 800, height: 600 }));

  it('S006 S029 S173 S007 S011 S067 S068 S124 S125 S126 S127 S128 S129 S130 S131 S132 S133 S134 S136 a visitor books: the POST body is the spec’s, the success panel and the side frame show', async () => {
    const recorder = recordBookings();
    const events: CustomEvent[] = [];
    const listen = (event: Event) => events.push(event as CustomEvent);
    document.addEventListener('travel_creation_succeed', listen);
    try {
      const root = await mountWizard({ company: { preferred_items: PREFERRED } });
      byRole(root, 'button', 'Ajouter un contact à l’adresse 1').click();
      const dialog = await findByRole(root, 'dialog');
      type(byRole<HTMLInputElement>(dialog, 'textbox', 'Nom'), 'Gardien Lucien');
      type(byRole<HTMLInputElement>(dialog, 'textbox', 'Téléphone'), '06 11 22 33 44');
      byRole(dialog, 'switch', 'Prévenir par SMS').click();
      await waitUntil(() => !isUnavailable(byRole(dialog, 'button', 'Enregistrer le contact')));
      byRole(dialog, 'button', 'Enregistrer le contact').click();
      await toFinalisation(root);
      await fillCustomer(root);
      type(byRole<HTMLTextAreaElement>(root, 'textbox', 'Notes de l’étape 1'), 'Digicode 42A');
      type(byRole<HTMLTextAreaElement>(root, 'textbox', 'Notes : Appartement Bellecour'), 'Parking interdit');
      byRole(root, 'button', 'Enregistrer').click();
      await findByRole(root, 'heading', 'Votre réservation est enregistrée !', 6000);

      expect(recorder.sent).to.have.length(1);
      const { method, url, body, response, headers } = recorder.sent[0]!;
      expect(method).to.equal('POST');
      expect(url).to.equal(`${await apiBase()}/api/v1/travels`);
      expect(headers['idempotency-key']).to.match(/^tqw-/);
      expect(body.addresses).to.have.length(2);
      expect(body.addresses[0]).to.deep.equal({
        type_name: 'pickup',
        address_complete: '10 Rue de Rivoli 75004 Paris',
        postal_code: '75004',
        floor_nb: 3,
        elevator_presence: false,
        notes: 'Digicode 42A',
        step: 1,
        locality: 'Paris',
        label: '',
        country: 'France',
        lat: 48.8601,
        lng: 2.3507,
        timewindow_earliest: null,
        timewindow_latest: null,
        order_item_ids: [],
        seek_days: 0,
        duration_min: 5,
      });
      expect(body.addresses[1]).to.include({ type_name: 'dropoff', label: 'Appartement Bellecour', floor_nb: 0, step: 2 });
      // Spec §7's three fields, and the postal address the devis carries (issue 54), proposed from the pickup stop.
      expect(body.customer).to.deep.equal({
        phone_number: '06 12 34 56 78',
        email: 'marie@exemple.fr',
        name: 'Marie Curie',
        address: '10 Rue de Rivoli, 75004 Paris',
      });
      const expected = expectedBooking();
      expect(body.travel).to.deep.include({
        travel_id: null,
        driver_pool_id: null,
        vehicle_category_id: null,
        truck_capacity_needed: 3,
        distance_transportation: Math.round(expected.distance * 2),
        duration_transportation: Math.round(expected.duration),
        price_transportation: expected.transport * 100,
        price_handling: expected.handling * 100,
        price_transportation_ht: Math.round((expected.transport / 1.2) * 100),
        price_handling_ht: Math.round((expected.handling / 1.2) * 100),
        handling_needed: true,
        duration_handling: expected.handlingSeconds,
        persons_needed: 2,
        timewindow_enabled: false,
        additional_notes: 'étape 1 : Digicode 42A\nAppartement Bellecour : Parking interdit',
      });
      expect(body.travel.beginning_date).to.equal(parisTime(dayAfterToday(1), '09:00'));
      expect(body.contacts).to.deep.equal([{ step: 0, name: 'Gardien Lucien', phone_number: '0611223344', email: '', notify: true }]);
      expect(body.items.map((item: { name: string; quantity: number }) => [item.name, item.quantity])).to.deep.equal([
        ['Canapé 3 places', 1],
      ]);
      expect(body).not.to.have.property('company_token');
      expect(parseSerializedTravelState(body.store_serialized)?.stops[1]?.address).to.equal('3 Place Bellecour 69002 Lyon');

      expect(events.map((event) => event.detail)).to.deep.equal([{ token: response!.token, travelId: response!.id }]);
      const iframe = root.querySelector('iframe')!;
      expect(iframe.src).to.equal(
        `${await apiBase()}/dashboard/companies/company/travels/${response!.id}?token=${encodeURIComponent(response!.token)}&light_layout=yes`,
      );
    } finally {
      recorder.restore();
      document.removeEventListener('travel_creation_succeed', listen);
    }
  });

  /** The wizard on a booking saved before, as its edit page opens it: its id, its token and its data block. */
  const reopenWizard = (id: number, token: string) =>
    mountWizard({
      attributes: { 'travel-id': String(id), 'travel-token': token },
      company: { preferred_items: PREFERRED },
      travel: {
        travelId: id,
        travelToken: token,
        customer: { name: 'Marie Curie', phone: '0612345678', email: 'marie@exemple.fr', date: dayAfterToday(1), time: '09:00' },
        stops: STOPS.map((s) => ({ ...s, estimatedArrivalTime: parisTime(dayAfterToday(1), '09:00') })),
      },
    });

  it('S067 S031 S080 S137 S138 S122 an existing booking is updated by PATCH with its token, migrated to time windows once', async () => {
    const { id, token } = await createBooking();
    const recorder = recordBookings();
    const events: CustomEvent[] = [];
    const listen = (event: Event) => events.push(event as CustomEvent);
    document.addEventListener('travel_update_succeed', listen);
    try {
      const root = await reopenWizard(id, token);
      expect(byRole<HTMLInputElement>(root, 'switch', 'Créneaux horaires').checked).to.equal(true);
      await toFinalisation(root);
      expect(allByRole(root, 'button', 'Dupliquer')).to.have.length(0);
      byRole(root, 'button', 'Mettre à jour !').click();
      await findByRole(root, 'heading', 'Votre réservation est enregistrée !', 6000);
      const [request] = recorder.sent;
      expect(request!.method).to.equal('PATCH');
      expect(request!.url).to.equal(`${await apiBase()}/api/v1/travels/${id}?token=${encodeURIComponent(token)}`);
      expect(request!.headers.authorization).to.equal(`Bearer ${token}`);
      expect(request!.body.travel.travel_id).to.equal(id);
      expect(request!.body.travel.timewindow_enabled).to.equal(true);
      expect(request!.body.addresses[0].timewindow_earliest).to.equal(parisTime(dayAfterToday(1), '09:00'));
      expect(request!.body.addresses[0].timewindow_latest).to.equal(parisTime(dayAfterToday(1), '12:00'));
      expect(events.map((event) => event.detail)).to.deep.equal([{ travelId: id }]);
    } finally {
      recorder.restore();
      document.removeEventListener('travel_update_succeed', listen);
    }
  });

  it('a booking whose devis is signed: saving a change says first that the devis will be to sign again; Annuler sends nothing (issue 55, point 8)', async () => {
    const { id, token } = await createBooking();
    const recorder = recordBookings();
    try {
      const root = await reopenWizard(id, token);
      // What the server says of it on reopening (GET devis_signed, server/test/api/devis-acceptance.test.ts).
      storeOf(root.host).set(setDevisSignedAtom, true);
      await toFinalisation(root);
      byRole(root, 'button', 'Mettre à jour !').click();
      const dialog = await findByRole(root, 'dialog', 'Votre devis signé sera à signer de nouveau');
      expect(textOf(dialog)).to.contain('Un acompte déjà réglé reste acquis.');
      byRole(dialog, 'button', 'Annuler').click();
      await waitUntil(() => allByRole(root, 'dialog').length === 0, 'the dialog stays');
      expect(recorder.sent).to.have.length(0);
      byRole(root, 'button', 'Mettre à jour !').click();
      (await findByRole(root, 'button', 'Enregistrer la modification')).click();
      await findByRole(root, 'heading', 'Votre réservation est enregistrée !', 6000);
      expect(recorder.sent.map((request) => request.method)).to.deep.equal(['PATCH']);
    } finally {
      recorder.restore();
    }
  });

  it('S114 S069 S119 S135 duplicate mode keeps the wizard, lists each posted travel with an edit icon opening the side frame, and hides Enregistrer', async () => {
    const recorder = recordBookings();
    try {
      const root = await mountWizard({
        attributes: { 'company-token': DEMO_COMPANY_TOKEN },
        company: { company_mode: true, preferred_items: PREFERRED },
      });
      await toFinalisation(root);
      await fillCustomer(root);
      byRole(root, 'button', 'Dupliquer').click();
      await findByRole(root, 'button', /Modifier la réservation n° \d+/, 6000);
      expect(allByRole(root, 'button', 'Enregistrer')).to.have.length(0);
      byRole(root, 'button', 'Dupliquer').click();
      await waitUntil(() => allByRole(root, 'button', /Modifier la réservation n°/).length === 2, 'second duplicate', { timeout: 6000 });
      byRole(root, 'heading', 'Finalisation');
      expect(recorder.sent.map((s) => s.body.company_token)).to.deep.equal([DEMO_COMPANY_TOKEN, DEMO_COMPANY_TOKEN]);
      expect(recorder.sent[0]!.headers['idempotency-key']).to.not.equal(recorder.sent[1]!.headers['idempotency-key']);
      const second = recorder.sent[1]!.response as { id: number; token: string };
      byRole(root, 'button', `Modifier la réservation n° ${second.id}`).click();
      const iframe = await waitUntil(() => root.querySelector('iframe')).then(() => root.querySelector('iframe')!);
      expect(iframe.src).to.contain(`/dashboard/companies/company/travels/${second.id}?token=`);
      expect(iframe.src).to.contain('light_layout=yes');
    } finally {
      recorder.restore();
    }
  });

  it('S146 a lost answer shows the banner and keeps everything; the retry makes exactly one booking', async () => {
    const recorder = recordBookings(1);
    try {
      const root = await mountWizard({ company: { preferred_items: PREFERRED } });
      await toFinalisation(root);
      await fillCustomer(root);
      byRole(root, 'button', 'Enregistrer').click();
      // The spec's sentence, then what happened: no answer came back.
      await findLiveRegion(
        root,
        'alert',
        /^Une error est survenue, veuillez réessayer dans un instant\. Le serveur ne répond pas : vérifiez votre connexion\./,
        6000,
      );
      expect(byRole<HTMLInputElement>(root, 'textbox', 'Nom et prénom').value).to.equal('Marie Curie');
      byRole(root, 'button', 'Enregistrer').click();
      await findByRole(root, 'heading', 'Votre réservation est enregistrée !', 6000);
      expect(recorder.sent).to.have.length(2);
      expect(recorder.sent[1]!.headers['idempotency-key']).to.equal(recorder.sent[0]!.headers['idempotency-key']);
      expect(recorder.sent[1]!.response).to.deep.equal(recorder.sent[0]!.response);
    } finally {
      recorder.restore();
    }
  });

  it('S086 S095 S101 a save is refused until the customer and every contact are valid, with French messages', async () => {
    const recorder = recordBookings();
    try {
      const root = await mountWizard({ company: { preferred_items: PREFERRED } });
      await toFinalisation(root);
      byRole(root, 'button', 'Enregistrer').click();
      await waitUntil(() => textOf(root).includes('Ce champ doit contenir le nom du contact !'));
      expect(textOf(root)).to.contain('Ce champ doit être un numero valide !');
      expect(textOf(root)).to.contain('Ce champ doit être une adresse email valide !');
      await fillCustomer(root);
      byRole(root, 'tab', 'Contacts sur place').click();
      (await findByRole(root, 'button', 'Ajouter un contact')).click();
      const name = await findByRole<HTMLInputElement>(root, 'textbox', 'Nom');
      type(name, 'Léa');
      byRole(root, 'tab', 'Client').click();
      byRole(root, 'button', 'Enregistrer').click();
      await findByRole(root, 'tab', /^Contacts sur place/);
      await waitUntil(() => byRole(root, 'tab', /^Contacts sur place/).getAttribute('aria-selected') === 'true', 'the contacts tab opens');
      // The tab counts what is left to fix there, and the summary lists it.
      expect(textOf(byRole(root, 'tab', /^Contacts sur place/))).to.equal('Contacts sur place (2)');
      expect(textOf(root)).to.contain('À corriger avant d’enregistrer');
      expect(textOf(root)).to.contain('Ce champ doit être rempli');
      expect(textOf(root)).to.contain('Ce champ doit être un numero valide');
      expect(recorder.sent).to.have.length(0);
    } finally {
      recorder.restore();
    }
  });

  it('issue 54: the postal address the devis carries is proposed from the pickup stop, changed by the customer, asked again when emptied, and sent', async () => {
    const recorder = recordBookings();
    try {
      const root = await mountWizard({ company: { preferred_items: PREFERRED } });
      await toFinalisation(root);
      const address = await findByRole<HTMLTextAreaElement>(root, 'textbox', 'Adresse postale');
      // The pickup stop's address, as a French reader writes it (a comma before the postcode).
      await waitUntil(() => address.value === '10 Rue de Rivoli, 75004 Paris', `proposed: ${address.value}`);
      type(address, '');
      byRole(root, 'button', 'Enregistrer').click();
      await waitUntil(() =>
        textOf(root).includes('Indiquez l’adresse postale (numéro, rue, code postal et commune) : elle figure sur le devis'),
      );
      expect(recorder.sent).to.have.length(0);
      // Emptied, it is not proposed again over the customer's choice; typed, it is what is sent.
      type(byRole<HTMLTextAreaElement>(root, 'textbox', 'Adresse postale'), '4 impasse des Lilas, 69003 Lyon');
      await fillCustomer(root);
      byRole(root, 'button', 'Enregistrer').click();
      await findByRole(root, 'heading', 'Votre réservation est enregistrée !', 6000);
      expect(recorder.sent[0]!.body.customer.address).to.equal('4 impasse des Lilas, 69003 Lyon');
    } finally {
      recorder.restore();
    }
  });

  it('S030 S117 S133 the contacts tab: company contact search, SMS switch, stop choice', async () => {
    const recorder = recordBookings();
    try {
      const root = await mountWizard({
        attributes: { 'company-token': DEMO_COMPANY_TOKEN },
        company: { company_mode: true, preferred_items: PREFERRED },
      });
      await toFinalisation(root);
      await fillCustomer(root);
      byRole(root, 'tab', 'Contacts sur place').click();
      const search = await findByRole<HTMLInputElement>(root, 'combobox', 'Rechercher un contact');
      type(search, 'karim');
      await findByRole(root, 'option', /Karim Benali/, 5000);
      press(search, 'ArrowDown');
      press(search, 'Enter');
      const row = await findByRole(root, 'listitem', 'Contact Karim Benali');
      byRole(row, 'switch', 'Prévenir par SMS').click();
      choose(byRole<HTMLSelectElement>(row, 'combobox', 'Étape'), '1');
      await waitUntil(() => byRole<HTMLSelectElement>(byRole(root, 'listitem', 'Contact Karim Benali'), 'combobox', 'Étape').value === '1');
      byRole(root, 'button', 'Enregistrer').click();
      await findByRole(root, 'heading', 'Votre réservation est enregistrée !', 6000);
      expect(recorder.sent[0]!.body.contacts).to.deep.equal([
        { step: 1, name: 'Karim Benali', phone_number: '0611223344', email: 'karim.benali@transports-martin.example', notify: true },
      ]);
    } finally {
      recorder.restore();
    }
  });

  it('S028 S117 the customer search of company mode fills the form', async () => {
    const root = await mountWizard({
      company: {
        company_mode: true,
        preferred_items: PREFERRED,
        customers: [
          {
            id: 4,
            name: 'Boulangerie Durand',
            reference: 'CLI-0042',
            email: 'contact@boulangerie-durand.example',
            phone_number: '0142000001',
          },
        ],
      },
    });
    await toFinalisation(root);
    type(byRole<HTMLInputElement>(root, 'combobox', 'Rechercher un client'), 'boulang');
    (await findByRole(root, 'option', /Boulangerie Durand/)).click();
    await waitUntil(() => byRole<HTMLInputElement>(root, 'textbox', 'Nom du contact').value === 'Boulangerie Durand');
    expect(byRole<HTMLInputElement>(root, 'textbox', 'Référence (facultatif)').value).to.equal('CLI-0042');
    expect(byRole<HTMLInputElement>(root, 'textbox', 'Téléphone').value).to.equal('0142000001');
  });

  it('S002 S113 S115 S074 company mode shows HT; an edited price fixes it and is what is sent', async () => {
    const recorder = recordBookings();
    try {
      // The company's own page (its token): only a company may fix its price, and the server knows it by its token.
      const root = await mountWizard({
        attributes: { 'company-token': DEMO_COMPANY_TOKEN },
        company: { company_mode: true, can_edit_price: true, preferred_items: PREFERRED },
      });
      await next(root, 'Vos objets');
      byRole(root, 'button', 'Ajouter : Canapé 3 places').click();
      await next(root, 'Votre estimation');
      await waitUntil(() => textOf(root).includes('Total'));
      // textOf folds the French no-break spaces into plain spaces.
      expect(textOf(root)).to.match(/Total HT\s*[\d ,]+ €/);
      const transport = byRole<HTMLInputElement>(root, 'textbox', 'Prix du transport (HT)');
      expect(transport.maxLength).to.equal(5);
      type(transport, '100');
      type(byRole<HTMLInputElement>(root, 'textbox', 'Prix de la manutention (HT)'), '50');
      byRole(root, 'button', 'Fixer ce prix').click();
      await waitUntil(() => /Total HT\s*150 €/.test(textOf(root)), 'fixed total not shown');
      await next(root, 'Finalisation');
      await fillCustomer(root);
      byRole(root, 'button', 'Enregistrer').click();
      await findByRole(root, 'heading', 'Votre réservation est enregistrée !', 6000);
      expect(recorder.sent[0]!.body.travel).to.deep.include({
        price_transportation: 12000,
        price_handling: 6000,
        price_transportation_ht: 10000,
        price_handling_ht: 5000,
      });
    } finally {
      recorder.restore();
    }
  });

  it('S001 S026 a visitor sees TTC prices, distance, volume, total time, transport, handling and handlers', async () => {
    const root = await mountWizard({ company: { preferred_items: PREFERRED } });
    await next(root, 'Vos objets');
    byRole(root, 'button', 'Ajouter : Canapé 3 places').click();
    await next(root, 'Votre estimation');
    await waitUntil(() => textOf(root).includes('Total'));
    const text = textOf(root);
    expect(text).to.contain('TTC');
    for (const label of ['Distance', 'Volume', 'Durée totale', 'Transport', 'Manutention', 'Manutentionnaires'])
      expect(text).to.contain(label);
    expect(text).to.contain(`Manutentionnaires${expectedBooking().persons}`);
    expect(byRole<HTMLSelectElement>(root, 'combobox', 'Nombre de manutentionnaires').options.length).to.equal(5);
    expect([...byRole<HTMLSelectElement>(root, 'combobox', 'Heures de manutention').options].map((o) => Number(o.value))).to.deep.equal(
      Array.from({ length: 16 }, (_, i) => (i + 1) / 2),
    );
    await expect(root.host).to.be.accessible();
  });

  it('S121 hide_handling_infos hides the handling details', async () => {
    const root = await mountWizard({ company: { preferred_items: PREFERRED, hide_handling_infos: true } });
    await next(root, 'Vos objets');
    byRole(root, 'button', 'Ajouter : Canapé 3 places').click();
    await next(root, 'Votre estimation');
    await waitUntil(() => textOf(root).includes('Total'));
    expect(textOf(root)).not.to.contain('Manutentionnaires');
    expect(allByRole(root, 'combobox', 'Nombre de manutentionnaires')).to.have.length(0);
  });

  it('S005 S008 S112 without the prices permission Next skips the estimate and Back skips it too', async () => {
    const root = await mountWizard({ company: { preferred_items: PREFERRED, permissions: [{ name: 'prices', can_read: false }] } });
    await next(root, 'Vos objets');
    byRole(root, 'button', 'Ajouter : Canapé 3 places').click();
    await next(root, 'Finalisation');
    byRole(root, 'button', 'Précédent').click();
    await findByRole(root, 'heading', 'Vos objets');
  });

  it('S027 S070 S071 S083 S084 pools: the default pool is chosen, default notes follow the marker; an accepted travel keeps only its pool', async () => {
    const pools = [
      { id: 'public', name: 'Grille publique' },
      { id: 3, name: 'Partenaires Île-de-France', default: true, default_notes: 'Prévenir le gardien.' },
      { id: 4, name: 'Grille Express', default_notes: 'Livraison express.' },
    ];
    const root = await mountWizard({ company: { preferred_items: PREFERRED, driver_pools: pools } });
    await next(root, 'Vos objets');
    byRole(root, 'button', 'Ajouter : Canapé 3 places').click();
    await next(root, 'Votre estimation');
    const select = await findByRole<HTMLSelectElement>(root, 'combobox', 'Grille tarifaire');
    expect(select.value).to.equal('3');
    choose(select, '4');
    await next(root, 'Finalisation');
    // The notes field holds only what the customer types; the grid's notes show under it (UX §7.3).
    expect(byRole<HTMLTextAreaElement>(root, 'textbox', 'Notes pour le transporteur (facultatif)').value).to.equal('');
    expect(textOf(root)).to.contain('Consignes de la grille : Livraison express.');
    // What is sent keeps the spec's form: the grid's notes after the ==== marker.
    const recorder = recordBookings(0, root.host as HTMLElement);
    try {
      type(byRole<HTMLTextAreaElement>(root, 'textbox', 'Notes pour le transporteur (facultatif)'), 'Sonner deux fois.');
      await fillCustomer(root);
      byRole(root, 'button', 'Enregistrer').click();
      await waitUntil(() => recorder.sent.length === 1, 'nothing sent');
      expect(recorder.sent[0]!.body.travel.additional_notes).to.equal('Sonner deux fois.\n====\nLivraison express.');
    } finally {
      recorder.restore();
    }

    const accepted = await mountWizard({
      company: { preferred_items: PREFERRED, driver_pools: pools },
      travel: { travelId: 77, travelToken: 'x', driverPoolSelector: 4, isMigratedToTimewindow: true },
      infos: { travel_id: 77, token: 'x', state: 'accepted', driver_pool_id: 4 },
    });
    await next(accepted, 'Vos objets');
    byRole(accepted, 'button', 'Ajouter : Canapé 3 places').click();
    await next(accepted, 'Votre estimation');
    const locked = await findByRole<HTMLSelectElement>(accepted, 'combobox', 'Grille tarifaire');
    expect([...locked.options].map((o) => o.text)).to.deep.equal(['Grille Express']);
    expect(textOf(accepted)).to.contain(
      'Le transporteur a déjà accepté cette réservation : un changement important peut perturber son organisation.',
    );
  });

  it('S027 pools given live while the estimate shows: the selector appears without breaking the element', async () => {
    const root = await mountWizard({ company: { preferred_items: PREFERRED } });
    await next(root, 'Vos objets');
    byRole(root, 'button', 'Ajouter : Canapé 3 places').click();
    await next(root, 'Votre estimation');
    await waitUntil(() => textOf(root).includes('Total'));
    expect(allByRole(root, 'combobox', 'Grille tarifaire')).to.have.length(0);
    (root.host as HTMLElement & { companyStore: unknown }).companyStore = {
      preferred_items: PREFERRED,
      driver_pools: [
        { id: 'public', name: 'Grille publique' },
        { id: 5, name: 'Grille Nuit' },
      ],
    };
    await findByRole(root, 'combobox', 'Grille tarifaire');
    byRole(root, 'heading', 'Votre estimation');
  });

  it('S075 S105 S147 a pool whose code fails shows Prix non disponible with the defect message', async () => {
    // The page's grid speaks until the carrier's quote is in, which then speaks for the price
    // (noPriceErrorAtom). The reference server knows no code for this grid and would price it:
    // its quote is held until the page has said what its grid gave. (Under CI's load the quote
    // came first twice and the panel showed its price, never the defect.)
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    giveElementsFetch(async (input, init) => {
      if (String(input).endsWith('/api/v1/quotes') && init?.method === 'POST') await held;
      return window.fetch(input, init);
    });
    const root = await mountWizard({
      company: {
        preferred_items: PREFERRED,
        driver_pools: [
          { id: 'public', name: 'Grille publique' },
          {
            id: 2,
            name: 'Grille Pro',
            default: true,
            apply_to: 'apply_to_travels',
            compute_price_func_body: 'return { transportation: "beaucoup", handling: 1 };',
          },
        ],
      },
    });
    await next(root, 'Vos objets');
    byRole(root, 'button', 'Ajouter : Canapé 3 places').click();
    await next(root, 'Votre estimation');
    const defect = 'Prix non disponible : La grille de [Grille Pro] présente un défaut technique, contactez son responsable';
    await waitUntil(
      () => textOf(root).includes(defect),
      'defect not shown',
      // A bound, not a wait: the grid's sandbox (its worker, 860 kB) starts in a second here.
      { timeout: 15_000 },
    )
      .catch((error: Error) => {
        throw new Error(`${error.message} ; le panneau affichait : ${textOf(root).slice(0, 800)}`);
      })
      .finally(() => {
        release();
        giveElementsFetch(null);
      });
  });

  it('S079 changing the customer date moves the stops’ dates', async () => {
    const recorder = recordBookings();
    try {
      const root = await mountWizard({
        company: { preferred_items: PREFERRED },
        travel: {
          stops: STOPS.map((s, i) => (i === 1 ? { ...s, seekDays: 1, timewindowEarliest: parisTime(dayAfterToday(2), '14:15') } : s)),
        },
      });
      await toFinalisation(root);
      await fillCustomer(root, dayAfterToday(10));
      byRole(root, 'button', 'Enregistrer').click();
      await findByRole(root, 'heading', 'Votre réservation est enregistrée !', 6000);
      expect(recorder.sent[0]!.body.addresses[1].timewindow_earliest).to.equal(parisTime(dayAfterToday(11), '14:15'));
    } finally {
      recorder.restore();
    }
  });

  it('S079 S081 a window from 22:00 to 01:00 the next day is offered, saved across midnight, and keeps its length when the date moves', async () => {
    const recorder = recordBookings();
    try {
      const root = await mountWizard({ company: { preferred_items: PREFERRED }, travel: { timewindowEnabled: true } });
      choose(await findByRole<HTMLSelectElement>(root, 'combobox', 'Heure au plus tôt à l’adresse 2'), '22:00');
      const latest = () => byRole<HTMLSelectElement>(root, 'combobox', 'Heure au plus tard à l’adresse 2');
      const nextDay = () => [...latest().options].find((option) => option.textContent?.replace(/\s/g, ' ') === '1 h (le lendemain)');
      await waitUntil(() => nextDay(), 'no 01:00 of the next day offered');
      choose(latest(), nextDay()!.value);
      await waitUntil(
        () =>
          byRole<HTMLSelectElement>(root, 'combobox', 'Heure au plus tard à l’adresse 2').selectedOptions[0]?.textContent?.replace(
            /\s/g,
            ' ',
          ) === '1 h (le lendemain)',
        'latest not kept',
      );
      await toFinalisation(root);
      await fillCustomer(root, dayAfterToday(3));
      byRole(root, 'button', 'Enregistrer').click();
      await findByRole(root, 'heading', 'Votre réservation est enregistrée !', 6000);
      const stop = recorder.sent[0]!.body.addresses[1];
      expect([stop.timewindow_earliest, stop.timewindow_latest]).to.deep.equal([
        parisTime(dayAfterToday(3), '22:00'),
        parisTime(dayAfterToday(4), '01:00'),
      ]);
    } finally {
      recorder.restore();
    }
  });

  it('the finalisation tabs by keyboard: one tab stop, arrows wrap and open, Home and End go to the ends', async () => {
    const root = await mountWizard({ company: { preferred_items: PREFERRED } });
    await toFinalisation(root);
    const client = byRole(root, 'tab', 'Client');
    const contacts = byRole(root, 'tab', 'Contacts sur place');
    const selected = () => byRole(root, 'tablist', 'Informations de la réservation').querySelector('[aria-selected="true"]');
    expect([client.tabIndex, contacts.tabIndex]).to.deep.equal([0, -1]);
    for (const [key, from, to] of [
      ['ArrowRight', client, contacts],
      ['ArrowRight', contacts, client],
      ['ArrowLeft', client, contacts],
      ['Home', contacts, client],
      ['End', client, contacts],
    ] as const) {
      press(from, key);
      await waitUntil(
        () => selected() === to && root.activeElement === to,
        `${key} from ${from.textContent} did not open ${to.textContent}`,
      );
      expect(to.tabIndex).to.equal(0);
      expect(byRole(root, 'tabpanel').getAttribute('aria-labelledby')).to.equal(to.id);
    }
  });

  it('focus moves to each panel heading; the finalisation works at 320 px and axe finds nothing', async () => {
    await setViewport({ width: 320, height: 800 });
    const root = await mountWizard({ attributes: { mode: 'company' }, company: { preferred_items: PREFERRED } });
    await next(root, 'Vos objets');
    await waitUntil(() => root.activeElement === byRole(root, 'heading', 'Vos objets'), 'focus not on the heading');
    byRole(root, 'button', 'Ajouter : Canapé 3 places').click();
    await next(root, 'Votre estimation');
    await next(root, 'Finalisation');
    expect(root.activeElement).to.equal(byRole(root, 'heading', 'Finalisation'));
    expect((root.host as HTMLElement).scrollWidth).to.be.at.most(320);
    await expect(root.host).to.be.accessible();
  });
});
