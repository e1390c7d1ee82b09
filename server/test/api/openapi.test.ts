// The API contract the server publishes (GET /api/v1/openapi.json): generated from the routes'
// own valibot schemas, clean under Redocly's recommended rules, and the yardstick every API
// suite's answers are checked against (support.ts → contract.ts).
import assert, { AssertionError } from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { bookingBody } from './booking-body.ts';
import { checkAnswer, contractOf, OPENAPI_PATH } from './contract.ts';
import { clientPart, DEMO_COMPANY_TOKEN, json, ROOT, startServer, DATABASE_NAME, type JsonAnswer } from './support.ts';

/** Redocly CLI's lint of a document, as its JSON report. */
function redoclyLint(
  file,
): Promise<{ problems: { severity: string; ruleId: string; message: string; location: { pointer: string }[] }[]; totals: object }> {
  return new Promise((resolve, reject) => {
    const cli = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
    const child = spawn(process.execPath, [cli, 'lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format=json'], {
      cwd: ROOT,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('error', reject);
    child.once('close', () => {
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`rapport de Redocly illisible :\n${out}\n${err}`));
      }
    });
  });
}

let server;
let document;
let contract;

describe(`the published API contract on ${DATABASE_NAME}`, () => {
  before(async () => {
    server = await startServer();
    const response = await fetch(server.base + OPENAPI_PATH);
    const text = await response.text();
    document = JSON.parse(text);
    contract = contractOf(text);
  });
  after(async () => {
    await server.stop();
  });

  it('passes Redocly’s recommended rules with no error and no warning', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'tqw-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const report = await redoclyLint(file);
    const problems = report.problems.map(
      (problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`,
    );
    assert.deepEqual(problems, []);
    assert.deepEqual(report.totals, { errors: 0, warnings: 0, ignored: 0 });
  });

  it('publishes every API operation, each with its id, French summary, tag and security', () => {
    assert.equal(document.openapi, '3.1.0');
    const operations = Object.entries(document.paths as Record<string, Record<string, JsonAnswer['data']>>).flatMap(([url, item]) =>
      Object.entries(item).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${url}`, operation })),
    );
    assert.deepEqual(operations.map(({ key }) => key).sort(), [
      'GET /api/v1/carrier',
      'GET /api/v1/companies/{token}',
      'GET /api/v1/companies/{token}/contacts',
      'GET /api/v1/companies/{token}/customers',
      'GET /api/v1/companies/{token}/places',
      'GET /api/v1/geo/search',
      'GET /api/v1/items/search',
      'GET /api/v1/quotes/{id}',
      'GET /api/v1/travels/{id}',
      'GET /dashboard/companies/company/travels/{id}',
      'GET /devis/{id}',
      'GET /devis/{id}.pdf',
      'GET /suivi/{id}',
      'PATCH /api/v1/travels/{id}',
      'POST /api/v1/quotes',
      'POST /api/v1/quotes/days',
      'POST /api/v1/travels',
    ]);
    for (const { key, operation } of operations) {
      assert.ok(operation.operationId && operation.tags?.length === 1 && Array.isArray(operation.security), key);
      // French: an accented letter or a French word in every summary.
      assert.match(operation.summary, /[éèêàùç’]|\b(une?|des?|les?|la|dans)\b/i, key);
      for (const [status, answer] of Object.entries(operation.responses as Record<string, JsonAnswer['data']>)) {
        if (Number(status) >= 400 && answer.content?.['application/json'])
          assert.ok(
            answer.content['application/json'].schema.$ref?.match(/\/(ErrorAnswer|PriceChanged)$/) || key.includes('geo'),
            `${key} ${status}`,
          );
      }
    }
    assert.deepEqual(document.components.schemas.ErrorAnswer.required, ['error']);
  });

  it('issue 52: publishes the devis PDF as application/pdf (a binary string) and its pages as HTML, its own 503 beside the database’s; what the server answers fits it', async () => {
    const answers = document.paths['/devis/{id}.pdf'].get.responses;
    assert.deepEqual(Object.keys(answers['200'].content), ['application/pdf']);
    assert.deepEqual(answers['200'].content['application/pdf'].schema, { type: 'string', format: 'binary' });
    assert.deepEqual(Object.keys(answers['404'].content), ['text/html']);
    // Its page when the PDF cannot be made now, or the JSON every operation answers when the database does not.
    assert.deepEqual(Object.keys(answers['503'].content).sort(), ['application/json', 'text/html']);
    assert.ok(answers['503'].headers['retry-after']);

    const created = await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody() });
    assert.equal(created.status, 201);
    const { id, token } = created.data;
    const read = async (url: string) => {
      const response = await fetch(server.base + url);
      const bytes = Buffer.from(await response.arrayBuffer());
      return { status: response.status, contentType: response.headers.get('content-type'), bytes };
    };
    const pdf = await read(`/devis/${id}.pdf?token=${token}`);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    checkAnswer(contract, {
      method: 'GET',
      url: `/devis/${id}.pdf`,
      status: 200,
      contentType: pdf.contentType,
      text: pdf.bytes.toString('latin1'),
    });
    const unknown = await read(`/devis/${id}.pdf?token=faux`);
    assert.equal(unknown.status, 404);
    checkAnswer(contract, {
      method: 'GET',
      url: `/devis/${id}.pdf`,
      status: 404,
      contentType: unknown.contentType,
      text: unknown.bytes.toString(),
    });
    // Its 503 page (devis-pdf-load.test.ts makes the server answer it) and the database's.
    for (const contentType of ['text/html; charset=utf-8', 'application/json; charset=utf-8'])
      checkAnswer(contract, {
        method: 'GET',
        url: `/devis/${id}.pdf`,
        status: 503,
        contentType,
        text: contentType.startsWith('text') ? '<!doctype html>' : '{"error":"Service momentanément indisponible"}',
      });
  });

  it('publishes what a carrier’s webhook receives: its headers and the event’s schema', () => {
    const operation = document.webhooks.evenementReservation.post;
    assert.deepEqual(
      operation.parameters.map((parameter) => parameter.name),
      ['x-tqw-event-id', 'x-tqw-event-type', 'x-tqw-timestamp', 'x-tqw-signature'],
    );
    const event = document.components.schemas.BookingEvent;
    assert.deepEqual(event.properties.type.enum, [
      'booking.created',
      'booking.updated',
      'booking.accepted',
      'booking.refused',
      'booking.counter_offered',
      'booking.devis_accepted',
      'booking.deposit_paid',
      'booking.deposit_refunded',
    ]);
    assert.ok(!('store_serialized' in event.properties.data.properties.booking.properties), 'not the element’s stored state');
    assert.ok(!JSON.stringify(event).includes('company_token'), 'never a token');
  });

  it('S122 S137 the operations that open a booking ask for its token, in the query or as a Bearer header', () => {
    const schemes = document.components.securitySchemes;
    assert.deepEqual(schemes.jetonReservationQuery, { ...schemes.jetonReservationQuery, type: 'apiKey', in: 'query', name: 'token' });
    assert.equal(schemes.jetonReservationBearer.scheme, 'bearer');
    const travelToken = [{ jetonReservationQuery: [] }, { jetonReservationBearer: [] }];
    assert.deepEqual(document.paths['/api/v1/travels/{id}'].get.security, travelToken);
    assert.deepEqual(document.paths['/api/v1/travels/{id}'].patch.security, travelToken);
    assert.deepEqual(document.paths['/dashboard/companies/company/travels/{id}'].get.security, travelToken);
    // Public, or on a carrier's public page with its key (X-Carrier-Key): the booking is that carrier's.
    assert.deepEqual(document.paths['/api/v1/travels'].post.security, [{}, { cleTransporteur: [] }]);
    assert.deepEqual(schemes.cleTransporteur, { ...schemes.cleTransporteur, type: 'apiKey', in: 'header', name: 'X-Carrier-Key' });
    // A company's own catalogue items need its token; the catalogue itself is public.
    assert.deepEqual(document.paths['/api/v1/items/search'].get.security, [{}, { jetonEntreprise: [] }]);
    // The company token travels in the path, which no security scheme can say: its parameter does.
    const [tokenParameter] = document.paths['/api/v1/companies/{token}'].get.parameters;
    assert.equal(tokenParameter.in, 'path');
    assert.match(tokenParameter.description, /jeton de l’entreprise/);
    // The token is a security scheme, not a parameter listed twice.
    for (const operation of [document.paths['/api/v1/travels/{id}'].get, document.paths['/api/v1/travels/{id}'].patch])
      assert.ok(!operation.parameters.some((parameter) => parameter.name === 'token'));
  });

  it('S124 publishes the booking body of spec §7 from the schema the server validates it with', async () => {
    const travelSchema = document.components.schemas.TravelPayload;
    assert.deepEqual(Object.keys(travelSchema.properties).sort(), [
      'addresses',
      'company_token',
      'contacts',
      'customer',
      'items',
      // The carrier's options chosen (issue 45): choices only, priced by the server.
      'options',
      'price_grid',
      'quote_id',
      'store_serialized',
      'travel',
    ]);
    assert.ok(travelSchema.properties.travel.properties.price_transportation_ht);
    // Bodies the server refuses for their shape are the ones the published schema refuses, and
    // what it accepts the schema accepts: one source for both. Well-formed choices out of the
    // spec's ranges pass the schema and are refused by name (422), as the contract says.
    const validBody = contract.validator('TravelPayload', { $ref: '#/components/schemas/TravelPayload' });
    const changed = (change) => {
      const body = bookingBody();
      change(body);
      return body;
    };
    const bodies = [
      ['valid', bookingBody(), true],
      ['an unknown field, ignored', bookingBody({ note_libre: 'rien' }), true],
      ['with a company token', bookingBody({ company_token: DEMO_COMPANY_TOKEN }), true],
      ['no address', bookingBody({ addresses: [] }), false],
      ['a floor of 13', changed((b) => (b.addresses[0].floor_nb = 13)), 'range'],
      ['a latitude of 123', changed((b) => (b.addresses[0].lat = 123)), false],
      ['a price as text', changed((b) => (b.travel.price_handling = '14400')), false],
      ['a fractional price', changed((b) => (b.travel.price_handling = 144.5)), false],
      ['an unknown stop type', changed((b) => (b.addresses[0].type_name = 'parking')), false],
      ['a quantity of 1000', changed((b) => (b.items[0].quantity = 1000)), false],
      ['five handlers', changed((b) => (b.travel.persons_needed = 5)), 'range'],
      ['no customer', changed((b) => delete b.customer), false],
      ['an empty company token', bookingBody({ company_token: '' }), false],
    ];
    for (const [label, body, accepted] of bodies) {
      assert.equal(validBody(body), accepted !== false, `${label} : schéma publié`);
      const answer = await json(server.base, 'POST', '/api/v1/travels', { body });
      const expected = accepted === true ? 201 : accepted === 'range' ? 422 : 400;
      assert.equal(answer.status, expected, `${label} : ${answer.status} ${answer.text.slice(0, 200)}`);
    }
  });

  it('S067 S122 every field of a booking comes back as it was sent, and the answer holds nothing the contract does not list', async () => {
    const sent = bookingBody();
    const created = await json(server.base, 'POST', '/api/v1/travels', { body: sent });
    assert.deepEqual(Object.keys(created.data).sort(), ['confirmation_email', 'edit_url', 'follow_url', 'id', 'token']);
    const { data: booking } = await json(server.base, 'GET', `/api/v1/travels/${created.data.id}?token=${created.data.token}`);
    // What the client sent comes back as it was; the figures the server sets itself are its quote's (server/test/api/quotes.test.ts).
    const { id: _id, items: storedItems, ...stored } = booking;
    const { items: sentItems, ...sentRest } = sent;
    assert.deepEqual(clientPart(stored), clientPart({ ...sentRest, travel: { ...sent.travel, travel_id: created.data.id } }));
    // Each item as sent, its schema's defaults filled in beside.
    assert.equal(storedItems.length, sentItems.length);
    for (const [field, value] of Object.entries(sentItems[0])) assert.deepEqual(storedItems[0][field], value, `items.0.${field}`);
    assert.equal(JSON.parse(booking.store_serialized).state.customer.name, 'Marie Curie');
    assert.equal(typeof booking.quote_id, 'string');
    assert.equal(booking.id, created.data.id);
    assert.equal(booking.made_by_company, false);
    assert.equal(booking.price_source, 'quote');
  });

  it('S057 the company store and searches come back whole: every field the elements read is there', async () => {
    const { data: store } = await json(server.base, 'GET', `/api/v1/companies/${DEMO_COMPANY_TOKEN}`);
    // The contract requires each of them (checked by json()); here, that the values are the seeded ones.
    const [place] = (await json(server.base, 'GET', `/api/v1/companies/${DEMO_COMPANY_TOKEN}/places?q=entrepot`)).data;
    assert.deepEqual(
      place,
      store.places.find((candidate) => candidate.id === place.id),
    );
    assert.equal(place.contacts[0].phone_number, '0611223344');
    const [contact] = (await json(server.base, 'GET', `/api/v1/companies/${DEMO_COMPANY_TOKEN}/contacts?q=karim`)).data;
    assert.deepEqual(contact, { ...store.contacts.find((candidate) => candidate.name === 'Karim Benali') });
    const [sofa] = (await json(server.base, 'GET', '/api/v1/items/search?q=canape%203%20places')).data;
    assert.equal(sofa.volume, 2);
    assert.deepEqual(Object.keys(sofa.dimensions_cm).sort(), ['height', 'length', 'width']);
  });
});

describe('the contract checker', () => {
  let checker;
  let booking;
  before(async () => {
    const started = await startServer();
    try {
      const text = await (await fetch(started.base + OPENAPI_PATH)).text();
      checker = contractOf(text);
      const created = await json(started.base, 'POST', '/api/v1/travels', { body: bookingBody() });
      booking = (await json(started.base, 'GET', `/api/v1/travels/${created.data.id}?token=${created.data.token}`)).data;
    } finally {
      await started.stop();
    }
  });

  const check = (method, url, status, body, contentType = 'application/json; charset=utf-8') =>
    checkAnswer(checker, { method, url, status, contentType, text: typeof body === 'string' ? body : JSON.stringify(body) });
  const refused = (label, ...args: Parameters<typeof check>) => assert.throws(() => check(...args), AssertionError, label);

  it('accepts the answers the contract describes', () => {
    check('POST', '/api/v1/travels', 201, { id: 12, token: 'abc' });
    check('GET', '/api/v1/travels/12?token=abc', 200, booking);
    check('GET', '/api/v1/travels/12', 404, { error: 'Réservation introuvable' });
    check('POST', '/api/v1/travels', 400, { error: 'Requête invalide', fields: [{ path: 'addresses', message: 'Au moins une adresse' }] });
    check('GET', '/api/v1/nulle-part', 404, { error: 'Introuvable' });
    check('GET', '/dashboard/companies/company/travels/12', 200, '<!doctype html>', 'text/html; charset=utf-8');
    check('GET', '/page-hors-api.html', 200, '<!doctype html>', 'text/html');
  });

  it('fails an answer that loses, leaks or mistypes a field, or that the contract does not list', () => {
    refused('201 without its token', 'POST', '/api/v1/travels', 201, { id: 12 });
    refused('201 with the stored hash', 'POST', '/api/v1/travels', 201, { id: 12, token: 'abc', token_hash: 'f00' });
    refused('201 with an id as text', 'POST', '/api/v1/travels', 201, { id: '12', token: 'abc' });
    const { made_by_company: _lost, ...withoutFlag } = booking;
    refused('a booking that lost made_by_company', 'GET', '/api/v1/travels/12', 200, withoutFlag);
    refused('a booking whose item lost its volume', 'GET', '/api/v1/travels/12', 200, {
      ...booking,
      items: booking.items.map(({ volume: _volume, ...item }) => item),
    });
    refused('an error in English shape', 'GET', '/api/v1/travels/12', 404, { message: 'Not Found' });
    refused('a status the operation does not answer', 'GET', '/api/v1/travels/12', 418, { error: 'Théière' });
    refused('JSON announced as HTML', 'POST', '/api/v1/travels', 201, { id: 12, token: 'abc' }, 'text/html');
    refused('a body that is not JSON', 'GET', '/api/v1/items/search?q=table', 200, '[{"id":', 'application/json');
    refused('an unknown API path answering 200', 'GET', '/api/v1/nulle-part', 200, []);
  });
});
