// 'Bon pour accord' on the devis page: the customer types their name, ticks the terms of sale
// and the declaration of value, and accepts. The server keeps the time, the address, the
// browser, the devis's canonical text and its SHA-256; the devis then says 'Accepté le … par …',
// until the booking changes (an edit by its link), when it asks again and names the earlier
// acceptance. Either of the customer's links accepts (the booking's edit token, the e-mail's
// read-only devis token); another booking's token, a forged or cross-site form, a refused
// booking never do, and a refused form comes back as typed with French messages. The carrier
// sees 'Devis signé' in its back office, and its webhooks get booking.devis_accepted.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BackOffice } from './back-office-client.ts';
import { bookingBody, fixtureStartInFrench, HANDLING_CENTS, TRANSPORT_CENTS } from './booking-body.ts';
import { publishedContract } from './contract.ts';
import { DATABASE_NAME, json, queryDatabase, startServer, tempDatabase, type TestServer } from './support.ts';
import { startInbox } from './smtp-inbox.ts';
import { registerEndpoint, startReceiver, waitFor } from './webhook-receiver.ts';

const FAST_OUTBOX = { OUTBOX_FIRST_RETRY_MS: '200', OUTBOX_POLL_MS: '100', WEBHOOK_TIMEOUT_MS: '1000', WEBHOOK_ALLOW_LOOPBACK: '1' };
const NBSP = '\u00a0';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Euros as the devis writes them (fr-FR: a narrow no-break space between thousands, no cents when whole). */
const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: cents % 100 ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(cents / 100);

const decode = (html: string) =>
  html
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

interface Booking {
  id: number;
  token: string;
}

describe(`'Bon pour accord' on the devis page, on ${DATABASE_NAME}`, () => {
  let server: TestServer;
  let database: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let office: BackOffice;
  let inbox: Awaited<ReturnType<typeof startInbox>>;

  before(async () => {
    database = await tempDatabase();
    inbox = await startInbox();
    server = await startServer(database, 0, {
      ...FAST_OUTBOX,
      SMTP_URL: inbox.url,
      MAIL_TIMEOUT_MS: '2000',
      MAIL_FROM: 'devis@exemple.fr',
    });
    receiver = await startReceiver();
    office = await new BackOffice(server.base).signInAs(1);
    await registerEndpoint(office, `${receiver.url}?pour=public`, 'public');
  });
  after(async () => {
    await server?.stop();
    await receiver?.close();
    await inbox?.close();
  });

  const book = async (overrides: Record<string, unknown> = {}): Promise<Booking> => {
    const created = await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody(overrides) });
    assert.equal(created.status, 201, created.text);
    return created.data;
  };
  const devisPage = async (id: number, token: string) => {
    const response = await fetch(`${server.base}/devis/${id}?token=${encodeURIComponent(token)}`);
    return { status: response.status, html: await response.text(), headers: response.headers };
  };
  /** The hash the page's form carries: the devis as shown. */
  const shownHash = (html: string) => /name="empreinte" value="([0-9a-f]{64})"/.exec(html)?.[1];
  const accept = async (id: number, fields: Record<string, string>, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.base}/devis/${id}/accord`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Navigateur de test/1.0', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: response.status, html: await response.text(), location: response.headers.get('location') };
  };
  const acceptances = (id: number) =>
    queryDatabase(database, 'SELECT * FROM devis_acceptances WHERE travel_id = ? ORDER BY id', [id]) as Promise<
      {
        accepted_at: string;
        signer_name: string;
        client_address: string;
        user_agent: string;
        devis_hash: string;
        devis_text: string;
        token_kind: string;
      }[]
    >;
  const fullForm = (token: string, hash: string) => ({ token, empreinte: hash, nom: 'Marie Curie', cgv: 'oui', valeur: 'oui' });

  it('records the acceptance of the devis shown: its hash is the SHA-256 of the text kept, which carries every figure the page shows', async () => {
    const booking = await book();
    const page = await devisPage(booking.id, booking.token);
    assert.equal(page.status, 200);
    assert.match(page.html, /<h2 id="accord-titre">Bon pour accord<\/h2>/);
    assert.match(page.headers.get('content-security-policy')!, /form-action 'self'/);
    assert.match(page.headers.get('content-security-policy')!, /frame-ancestors 'none'/);
    const hash = shownHash(page.html);
    assert.ok(hash, 'the form carries the hash of the devis shown');
    // The page opens on its summary (issue 55, point 9): the total, the state, the one next action.
    const top = page.html.indexOf('class="devis-summary"');
    assert.ok(top > 0 && top < page.html.indexOf('<h1>Devis de déménagement</h1>'), 'the summary above the devis');
    assert.match(page.html, /<p class="summary-total"><strong>[\d\u202f]+\u00a0€ TTC<\/strong><\/p>/);
    assert.match(page.html, /<li>Devis à signer<\/li>/);
    assert.match(page.html, /<a class="button primary" href="#accord-titre">Lire et signer le devis<\/a>/);

    const before = Date.now();
    const answer = await accept(booking.id, fullForm(booking.token, hash));
    assert.equal(answer.status, 303, answer.html);
    // Back to the page's summary, which confirms the step (issue 55, point 9).
    assert.equal(answer.location, `/devis/${booking.id}?token=${encodeURIComponent(booking.token)}&fait=accord#resume-titre`);

    const [stored, ...more] = await acceptances(booking.id);
    assert.equal(more.length, 0);
    assert.equal(stored.devis_hash, hash, 'the hash kept is the one of the devis shown');
    assert.equal(sha256(stored.devis_text), stored.devis_hash, 'the hash is the SHA-256 of the canonical text kept');
    assert.equal(stored.signer_name, 'Marie Curie');
    assert.equal(stored.user_agent, 'Navigateur de test/1.0');
    assert.match(stored.client_address, /^(::ffff:)?127\.0\.0\.1$|^::1$/);
    assert.equal(stored.token_kind, 'edition');
    const at = Date.parse(stored.accepted_at);
    assert.ok(at >= before - 1000 && at <= Date.now() + 1000, 'the server’s clock');

    // What the page shows of the devis (the text of its figures, dates, addresses and mentions)
    // is in the text hashed: the page's HTML minus the acceptance part, its hints and its tags.
    const canonical = stored.devis_text.replace(/^devis-v\d+\n/, '');
    const strings: string[] = [];
    const collect = (value: unknown): void => {
      if (typeof value === 'string') strings.push(value);
      else if (typeof value === 'number') strings.push(String(value));
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    collect(JSON.parse(canonical));
    const hashed = strings.join('\n');
    const devisPart = page.html.slice(page.html.indexOf('<main>'), page.html.indexOf('<section class="acceptance"'));
    const shown = [...devisPart.matchAll(/>([^<>]+)</g)].map((match) => decode(match[1]!).trim()).filter((text) => /\d/.test(text));
    assert.ok(shown.length > 10, 'the devis shows figures');
    for (const text of shown)
      for (const part of text
        .split(/\s*·\s*/)
        .map((piece) => piece.replace(/^(Devis|réservation) n° |^établi le /, ''))
        .filter(Boolean))
        assert.ok(hashed.includes(part), `« ${part} » is shown but not hashed`);
    // The figures the test computes from spec §9's prices and the booking it sent.
    for (const expected of [
      euros(TRANSPORT_CENTS),
      euros(HANDLING_CENTS),
      euros(TRANSPORT_CENTS + HANDLING_CENTS),
      '10 Rue de Rivoli 75004 Paris',
      '3 Place Bellecour 69002 Lyon',
      'Marie Curie',
      fixtureStartInFrench(NBSP),
    ])
      assert.ok(hashed.includes(expected) && decode(page.html).includes(expected), expected);

    // Where the redirect leads: the summary first, saying it is done, who signed, with no action left.
    const confirmed = await (await fetch(`${server.base}${answer.location}`)).text();
    const summary = confirmed.slice(
      confirmed.indexOf('class="devis-summary"'),
      confirmed.indexOf('</section>', confirmed.indexOf('class="devis-summary"')),
    );
    assert.match(summary, /<p class="done" role="status">Merci, votre accord est enregistré\.<\/p>/);
    assert.match(summary, /Devis signé le [a-z]+ \d{1,2}(?:er)? [a-zéû]+ \d{4} à \d{1,2}\u00a0h(\u00a0\d{2})? par Marie Curie/);
    assert.doesNotMatch(summary, /href="#accord-titre"/);
    // The devis now says who accepted it, and when; the form is gone.
    const accepted = await devisPage(booking.id, booking.token);
    assert.doesNotMatch(accepted.html, /Merci, votre accord est enregistré/, 'said once, after the step');
    assert.match(accepted.html, /Accepté le [a-z]+ \d{1,2}(?:er)? [a-zéû]+ \d{4} à \d{1,2}\u00a0h(\u00a0\d{2})? par Marie Curie\./);
    assert.ok(accepted.html.includes(hash), 'the hash accepted is shown');
    assert.doesNotMatch(accepted.html, /<form/);

    // A second click (the same devis) records nothing more.
    assert.equal((await accept(booking.id, fullForm(booking.token, hash))).status, 303);
    assert.equal((await acceptances(booking.id)).length, 1);
  });

  it('asks again once the booking changed by its edit link, and says the earlier acceptance concerned an earlier version', async () => {
    const booking = await book();
    const hash = shownHash((await devisPage(booking.id, booking.token)).html)!;
    assert.equal((await accept(booking.id, fullForm(booking.token, hash))).status, 303);

    const edited = bookingBody({ customer: { phone_number: '0612345678', email: 'marie@exemple.fr', name: 'Marie Curie-Joliot' } });
    const patch = await json(server.base, 'PATCH', `/api/v1/travels/${booking.id}?token=${booking.token}`, { body: edited });
    assert.equal(patch.status, 200, patch.text);

    const page = await devisPage(booking.id, booking.token);
    const newHash = shownHash(page.html);
    assert.ok(newHash && newHash !== hash, 'the devis changed: a form again, for its new version');
    assert.match(page.html, /sur une version antérieure de ce devis/);
    assert.match(page.html, /Un accord a été donné le .+ par Marie Curie sur une version antérieure/);
    assert.doesNotMatch(page.html, /Accepté le/);

    // The page opened before the edit posts the old hash: refused, nothing recorded, the form kept.
    const stale = await accept(booking.id, { ...fullForm(booking.token, hash), nom: 'Marie Curie-Joliot' });
    assert.equal(stale.status, 409);
    assert.match(stale.html, /Le devis a changé depuis que vous l’avez ouvert/);
    assert.match(stale.html, /value="Marie Curie-Joliot"/);
    assert.equal((await acceptances(booking.id)).length, 1);

    assert.equal((await accept(booking.id, { ...fullForm(booking.token, newHash), nom: 'Marie Curie-Joliot' })).status, 303);
    const rows = await acceptances(booking.id);
    assert.equal(rows.length, 2);
    assert.equal(rows[1]!.devis_hash, newHash);
    assert.match((await devisPage(booking.id, booking.token)).html, /par Marie Curie-Joliot\./);
  });

  it('an edit that changes a signed devis: the page knew it was signed, the customer is told by e-mail what changed and gets the new devis to sign (issue 55, point 8)', async () => {
    const email = 'devis-change@exemple.fr';
    const customer = { phone_number: '0612345678', email, name: 'Marie Curie' };
    const booking = await book({ customer });
    await waitFor(() => inbox.to(email).length === 1, 'la confirmation');
    const opened = async () => (await json(server.base, 'GET', `/api/v1/travels/${booking.id}?token=${booking.token}`)).data;
    assert.equal((await opened()).devis_signed, false);
    const hash = shownHash((await devisPage(booking.id, booking.token)).html)!;
    assert.equal((await accept(booking.id, fullForm(booking.token, hash))).status, 303);
    assert.equal((await opened()).devis_signed, true, 'the edit page knows the devis is signed, to warn before saving');

    // The pickup moves from the 3rd floor to the 5th: the handling, and so the devis, change.
    const body = bookingBody({ customer });
    const edited = { ...body, addresses: body.addresses.map((address, index) => (index === 0 ? { ...address, floor_nb: 5 } : address)) };
    const patch = await json(server.base, 'PATCH', `/api/v1/travels/${booking.id}?token=${booking.token}`, { body: edited });
    // The new price is the server's: the page confirms it (409 with the new quote), as a visitor would.
    assert.ok(patch.status === 200 || patch.status === 409, patch.text);
    if (patch.status === 409) {
      const { figures, id: quoteId } = patch.data.quote;
      const confirmed = await json(server.base, 'PATCH', `/api/v1/travels/${booking.id}?token=${booking.token}`, {
        body: {
          ...edited,
          quote_id: quoteId,
          travel: { ...edited.travel, price_transportation: figures.price_transportation, price_handling: figures.price_handling },
        },
      });
      assert.equal(confirmed.status, 200, confirmed.text);
    }
    assert.equal((await opened()).devis_signed, false);
    await waitFor(() => inbox.to(email).length === 2, 'the new devis to sign');
    const { mail } = inbox.to(email)[1]!;
    assert.equal(mail.subject, `Votre devis a changé\u00a0: réservation n°\u00a0${booking.id}`);
    assert.match(mail.text ?? '', /votre signature ne vaut pas pour le nouveau/);
    assert.match(mail.text ?? '', /Étape 1.*5e étage/);
    const link = new RegExp(`Relire et signer le nouveau devis\u00a0: (${server.base}/devis/${booking.id}\\?token=[\\w-]{43})`).exec(
      mail.text ?? '',
    );
    assert.ok(link, mail.text);
    // Its link opens the new devis, with a form to sign it again.
    assert.ok(shownHash(await (await fetch(link[1]!)).text()));
  });

  it('accepts by the e-mail’s read-only devis link too, and never by another booking’s token', async () => {
    const mine = await book();
    const other = await book();
    const hash = shownHash((await devisPage(mine.id, mine.token)).html)!;
    // Another booking's token, a made-up one, none: the answer of an unknown booking, nothing recorded.
    for (const token of [other.token, 'x'.repeat(43), '']) assert.equal((await accept(mine.id, fullForm(token, hash))).status, 404, token);
    assert.equal((await accept(other.id, fullForm(mine.token, hash))).status, 404);
    assert.equal((await acceptances(mine.id)).length, 0);
    assert.equal((await acceptances(other.id)).length, 0);

    // The e-mail's link (its read-only devis token) accepts: the customer's act on the devis they received.
    const email = 'lien-devis@exemple.fr';
    const mailed = await book({ customer: { phone_number: '0612345678', email, name: 'Marie Curie' } });
    await waitFor(() => inbox.to(email).length === 1, 'la confirmation');
    const link = new RegExp(`(${server.base}/devis/${mailed.id}\\?token=([\\w-]{43}))`).exec(inbox.to(email)[0]!.mail.text ?? '')!;
    const readOnly = link[2]!;
    assert.notEqual(readOnly, mailed.token);
    // It opens this booking's devis only: another's refuses it.
    assert.equal((await accept(mine.id, fullForm(readOnly, hash))).status, 404);
    const mailedHash = shownHash((await devisPage(mailed.id, readOnly)).html)!;
    const answer = await accept(mailed.id, fullForm(readOnly, mailedHash));
    assert.equal(answer.status, 303);
    assert.equal(answer.location, `/devis/${mailed.id}?token=${readOnly}&fait=accord#resume-titre`);
    const [stored] = await acceptances(mailed.id);
    assert.equal(stored!.token_kind, 'devis');
    // And it still changes nothing of the booking: neither read nor edit by the API.
    assert.equal((await json(server.base, 'GET', `/api/v1/travels/${mailed.id}?token=${readOnly}`)).status, 404);
  });

  it('refuses a forged form (no name, a box unticked, a cross-site post) with French messages, keeping what was typed', async () => {
    const booking = await book();
    const hash = shownHash((await devisPage(booking.id, booking.token)).html)!;

    const noName = await accept(booking.id, { ...fullForm(booking.token, hash), nom: '   ' });
    assert.equal(noName.status, 400);
    assert.match(noName.html, /role="alert"/);
    assert.match(noName.html, /Indiquez vos prénom et nom\./);
    assert.match(noName.html, /id="accord-cgv" name="cgv" value="oui" required checked/);
    assert.match(noName.html, /id="accord-nom"[^>]*aria-invalid="true"/);

    const { cgv: _terms, valeur: _value, ...unticked } = fullForm(booking.token, hash);
    const boxes = await accept(booking.id, { ...unticked, nom: 'Marie Curie', cgv: 'non' });
    assert.equal(boxes.status, 400);
    assert.match(boxes.html, /Cochez la case des conditions générales de vente pour accepter le devis\./);
    assert.match(boxes.html, /Cochez la case de la déclaration de valeur pour accepter le devis\./);
    assert.match(boxes.html, /value="Marie Curie"/);

    const crossSite = await accept(booking.id, fullForm(booking.token, hash), { 'sec-fetch-site': 'cross-site' });
    assert.equal(crossSite.status, 403);
    assert.match(crossSite.html, /Demande refusée/);

    // A name sent twice is read as a list, not as the page's one field.
    const fields = new URLSearchParams(fullForm(booking.token, hash));
    fields.append('nom', 'Pierre Curie');
    const unreadable = await fetch(`${server.base}/devis/${booking.id}/accord`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    });
    assert.equal(unreadable.status, 400);
    assert.match(await unreadable.text(), /Le formulaire envoyé est illisible/);
    assert.equal((await acceptances(booking.id)).length, 0);
  });

  it('issue 52: a body that is not the page’s form (JSON, however well formed, or none) is refused in French and records nothing, as a post from another site is; the page’s form still accepts', async () => {
    const booking = await book();
    const hash = shownHash((await devisPage(booking.id, booking.token)).html)!;
    const post = (headers: Record<string, string>, body?: string) =>
      fetch(`${server.base}/devis/${booking.id}/accord`, { method: 'POST', redirect: 'manual', headers, ...(body ? { body } : {}) });
    const asJson = await post({ 'content-type': 'application/json' }, JSON.stringify(fullForm(booking.token, hash)));
    assert.equal(asJson.status, 415);
    assert.match(asJson.headers.get('content-type') ?? '', /^text\/html/);
    const page = await asJson.text();
    assert.match(page, /<html lang="fr">/);
    assert.match(page, /Seul le formulaire de la page est accepté\u00a0: rien n’a été enregistré\./);
    assert.equal((await post({ 'content-type': 'text/plain' }, new URLSearchParams(fullForm(booking.token, hash)).toString())).status, 415);
    assert.equal((await post({})).status, 415);
    const crossSite = await accept(booking.id, fullForm(booking.token, hash), {
      origin: 'https://piege.exemple',
      'sec-fetch-site': 'cross-site',
    });
    assert.equal(crossSite.status, 403);
    assert.match(crossSite.html, /Ce formulaire a été envoyé depuis un autre site/);
    assert.equal((await acceptances(booking.id)).length, 0);

    const signed = await accept(booking.id, fullForm(booking.token, hash), { origin: server.base, 'sec-fetch-site': 'same-origin' });
    assert.equal(signed.status, 303);
    assert.equal((await acceptances(booking.id)).length, 1);
  });

  it('cannot accept a refused booking', async () => {
    const booking = await book();
    const hash = shownHash((await devisPage(booking.id, booking.token)).html)!;
    await office.get(`/espace-transporteur/reservations/${booking.id}`);
    assert.equal((await office.post(`/espace-transporteur/reservations/${booking.id}/refuser`, { raison: 'hors-zone' })).status, 303);
    const page = await devisPage(booking.id, booking.token);
    assert.match(page.html, /Le transporteur a refusé cette réservation\u00a0: ce devis ne peut plus être accepté\./);
    assert.doesNotMatch(page.html, /<form/);
    const answer = await accept(booking.id, fullForm(booking.token, hash));
    assert.equal(answer.status, 409);
    assert.equal((await acceptances(booking.id)).length, 0);
  });

  it('tells the carrier: booking.devis_accepted to its webhooks, as the contract publishes it, and \u2018Devis signé\u2019 in its back office', async () => {
    const booking = await book();
    const hash = shownHash((await devisPage(booking.id, booking.token)).html)!;
    assert.equal((await accept(booking.id, fullForm(booking.token, hash))).status, 303);
    await waitFor(
      () => receiver.received.some((d) => d.event.type === 'booking.devis_accepted' && d.event.data.booking.id === booking.id),
      'booking.devis_accepted',
    );
    const delivery = receiver.received.find((d) => d.event.type === 'booking.devis_accepted' && d.event.data.booking.id === booking.id)!;
    const [stored] = await acceptances(booking.id);
    assert.deepEqual(delivery.event.data.devis_acceptance, {
      accepted_at: stored!.accepted_at,
      signer_name: 'Marie Curie',
      devis_sha256: hash,
    });
    assert.ok(!delivery.body.includes(booking.token), 'never a token');
    const contract = await publishedContract(server.base);
    const validEvent = contract.validator('BookingEvent', { $ref: '#/components/schemas/BookingEvent' });
    assert.ok(validEvent(delivery.event), JSON.stringify(validEvent.errors?.slice(0, 3)));

    const page = await office.get(`/espace-transporteur/reservations/${booking.id}`);
    assert.match(page.text, /Devis signé/);
    assert.match(page.text, /par Marie Curie/);
    const list = await office.get('/espace-transporteur/reservations?vue=toutes');
    assert.match(list.text, new RegExp(`reservations/${booking.id}"[\\s\\S]*?Devis signé`));
  });
});
