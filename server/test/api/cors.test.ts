// CORS by URL prefix: the API and the element files answer any origin (carriers embed the
// elements on their own sites), the pages and the dashboard none. Every answer varies on Origin.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer } from './support.ts';

const ORIGIN = 'https://transporteur.example';

describe('CORS', () => {
  let server;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.stop();
  });
  const request = (method, url, headers = {}) => fetch(server.base + url, { method, headers });

  it('the API and the element files answer any origin; the pages do not', async () => {
    for (const url of ['/api/v1/items/search?q=table', '/dist/transport-quote-wizard.js']) {
      const response = await request('GET', url, { origin: ORIGIN });
      assert.equal(response.headers.get('access-control-allow-origin'), '*', url);
      // Origin first; the compressed answers also vary by Accept-Encoding.
      assert.deepEqual(
        response.headers
          .get('vary')!
          .split(/,\s*/)
          .map((name) => name.toLowerCase()),
        ['origin', 'accept-encoding'],
        url,
      );
    }
    const page = await request('GET', '/', { origin: ORIGIN });
    assert.equal(page.headers.get('access-control-allow-origin'), null);
    assert.equal(page.headers.get('vary')!.split(/,\s*/)[0], 'Origin');
  });

  it('answers API preflights with the methods and headers the elements use, cached 10 minutes', async () => {
    const response = await request('OPTIONS', '/api/v1/travels', { origin: ORIGIN, 'access-control-request-method': 'POST' });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('content-length'), '0');
    assert.equal(response.headers.get('access-control-allow-methods'), 'GET, POST, PATCH, OPTIONS');
    // x-carrier-key: a carrier's public pages say their key (carrier-key) on every call.
    assert.equal(response.headers.get('access-control-allow-headers'), 'content-type, authorization, idempotency-key, x-carrier-key');
    assert.equal(response.headers.get('access-control-max-age'), '600');
  });

  it('answers file preflights for GET with the headers asked for', async () => {
    const response = await request('OPTIONS', '/dist/transport-quote-wizard.js', {
      origin: ORIGIN,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'x-one, x-two',
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('access-control-allow-methods'), 'GET');
    assert.equal(response.headers.get('access-control-allow-headers'), 'x-one, x-two');
    assert.equal(response.headers.get('vary'), 'Origin, Access-Control-Request-Headers');
  });

  it('refuses a preflight without its origin or method, and answers none outside the API and files', async () => {
    const malformed = await request('OPTIONS', '/api/v1/travels', { origin: ORIGIN });
    assert.equal(malformed.status, 400);
    assert.deepEqual(await malformed.json(), {
      error: 'Requête de contrôle CORS incomplète\u00a0: les en-têtes Origin et Access-Control-Request-Method sont attendus',
    });
    const page = await request('OPTIONS', '/', { origin: ORIGIN, 'access-control-request-method': 'GET' });
    assert.equal(page.status, 404);
    assert.equal(page.headers.get('access-control-allow-origin'), null);
  });
});
