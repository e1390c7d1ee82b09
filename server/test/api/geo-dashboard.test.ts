import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bookingBody, TRANSPORT_CENTS } from './booking-body.ts';
import { htCents } from './spec-prices.ts';
import { json, startServer } from './support.ts';

let server;
const geo = async (q, extra = '') => json(server.base, 'GET', `/api/v1/geo/search?q=${encodeURIComponent(q)}${extra}`);

describe('offline geocoder in the Géoplateforme format', () => {
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  const addresses: [string, string, string, string, string, [number, number]][] = [
    ['10 rue de Rivoli 75004 Paris', '10 Rue de Rivoli 75004 Paris', '75004', 'Paris', '75104', [48.85, 2.35]],
    ['3 place Bellecour 69002 Lyon', '3 Place Bellecour 69002 Lyon', '69002', 'Lyon', '69382', [45.75, 4.83]],
    ['12 bis avenue Jean Médecin, Nice', '12 bis Avenue Jean Médecin 06000 Nice', '06000', 'Nice', '06088', [43.7, 7.27]],
  ];
  for (const [query, label, postcode, city, citycode, [lat, lng]] of addresses) {
    it(`S104 S143 '${query}' resolves to a housenumber at its commune`, async () => {
      const { status, data } = await geo(query);
      assert.equal(status, 200);
      assert.equal(data.type, 'FeatureCollection');
      const [first] = data.features;
      assert.equal(first.properties.type, 'housenumber');
      assert.equal(first.properties.label, label);
      assert.equal(first.properties.postcode, postcode);
      assert.equal(first.properties.city, city);
      assert.equal(first.properties.citycode, citycode);
      assert.ok(first.properties.housenumber);
      const [lon, la] = first.geometry.coordinates;
      assert.ok(Math.abs(la - lat) < 0.05 && Math.abs(lon - lng) < 0.05, `${la}, ${lon}`);
    });
  }

  it('S104 without a house number the answer is a street or a municipality, never a housenumber', async () => {
    const street = await geo('rue de Rivoli 75004 Paris');
    assert.equal(street.data.features[0].properties.type, 'street');
    const city = await geo('Bordeaux');
    assert.equal(city.data.features[0].properties.type, 'municipality');
    assert.ok(city.data.features.every((feature) => feature.properties.type !== 'housenumber'));
  });

  it('S155 an ambiguous town gives several results to choose from', async () => {
    const { data } = await geo('5 rue de la Gare Saint-Denis');
    const cities = new Set(data.features.map((feature) => `${feature.properties.city} ${feature.properties.citycode}`));
    assert.ok(cities.size >= 2, [...cities].join(', '));
  });

  it('S154 an unknown place gives no result; a too short query is refused like the national service', async () => {
    assert.deepEqual((await geo('12 rue Imaginaire Zzyzxville')).data.features, []);
    const short = await geo('ab');
    assert.equal(short.status, 400);
    assert.equal(short.data.code, 400);
  });
});

describe('dashboard page of the side frame', () => {
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });

  it('S011 shows the booking in French in its light layout, escaping what customers typed', async () => {
    const body = bookingBody();
    body.addresses[0].notes = '<script>alert(1)</script>';
    const { data: created } = await json(server.base, 'POST', '/api/v1/travels', { body });
    const page = await json(
      server.base,
      'GET',
      `/dashboard/companies/company/travels/${created.id}?token=${created.token}&light_layout=yes`,
    );
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type')!, /text\/html/);
    const html = page.text;
    assert.match(html, /<html lang="fr">/);
    assert.match(html, new RegExp(`Réservation n° ${created.id}`));
    assert.match(html, /10 Rue de Rivoli 75004 Paris/);
    assert.match(html, /Marie Curie/);
    // The carrier's price (spec §9, server/test/api/booking-body.ts), written as the product writes money (UX §7.2).
    const euros = (cents) => {
      const [whole, decimals] = (cents / 100).toFixed(2).split('.');
      const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
      return decimals === '00' ? grouped : `${grouped},${decimals}`;
    };
    assert.ok(html.includes(`${euros(TRANSPORT_CENTS)}\u00a0€ TTC`), euros(TRANSPORT_CENTS));
    assert.ok(html.includes(`${euros(htCents(TRANSPORT_CENTS))}\u00a0€ HT`), euros(htCents(TRANSPORT_CENTS)));
    assert.ok(!html.includes('<script>alert(1)</script>'));
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.ok(!html.includes('Espace transporteur'), 'the light layout has no header');
  });

  it('a wrong token shows the French not-found page', async () => {
    const { data: created } = await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody() });
    const page = await json(server.base, 'GET', `/dashboard/companies/company/travels/${created.id}?token=faux`);
    assert.equal(page.status, 404);
    assert.match(page.text, /Réservation introuvable/);
  });
});
