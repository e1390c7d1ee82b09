// Issue 53: the pages written with html`…` escape whatever a customer, a carrier or a link
// wrote, by construction. A booking whose every customer text is hostile, and a counter-offer
// page whose carrier name and link token are: no markup of theirs reaches the page.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { TravelPayloadSchema } from 'transport-quote-wizard/domain';
import { renderBookingPage } from '../../back-office/booking-page.ts';
import type { StoredTravel } from '../../db/travels-repo.ts';
import { renderOfferPage } from '../../pages/counter-offer-page.ts';
import { renderAcceptance } from '../../pages/devis-acceptance-form.ts';
import { PARIS_LYON_BODY } from './booking-fixture.ts';

const HOSTILE = '<img src=x onerror=alert(1)>';
const ESCAPED = '&lt;img src=x onerror=alert(1)&gt;';

const basePayload = PARIS_LYON_BODY;

function hostileBooking(): StoredTravel {
  const payload = v.parse(TravelPayloadSchema, {
    ...basePayload,
    customer: { ...basePayload.customer, name: `Jean ${HOSTILE}`, email: `jean${HOSTILE}@exemple.fr` },
  });
  const now = new Date().toISOString();
  return {
    id: 7,
    company_id: 1,
    carrier_id: null,
    created_at: now,
    updated_at: now,
    decided_at: now,
    state: 'refused',
    refusal_reason: `Hors zone ${HOSTILE}`,
    payload,
    price_source: 'grid',
    price_check: null,
    quote_id: null,
    summary: { changes: { at: now, lines: [`Adresse changée ${HOSTILE}`] } },
  } as unknown as StoredTravel;
}

const viewer = { companyName: `Martin ${HOSTILE}`, email: 'a@b.fr', csrf: 'jeton', role: 'administrateur' as const, logo: null };

describe('pages written with html`…` cannot print a stranger’s markup', () => {
  it('the back office’s booking page escapes the customer’s name, the refusal, the changes and a typed counter-offer', () => {
    const page = renderBookingPage({
      viewer,
      travel: hostileBooking(),
      message: { kind: 'error', text: `Refusé ${HOSTILE}` },
      mailOn: true,
      offerTyped: { date: HOSTILE, heure: HOSTILE, transport: HOSTILE, manutention: HOSTILE },
      offerError: `Date illisible ${HOSTILE}`,
    });
    assert.ok(!page.includes(HOSTILE), 'no hostile markup left as it was typed');
    for (const text of [`Jean ${ESCAPED}`, `Hors zone ${ESCAPED}`, `Adresse changée ${ESCAPED}`])
      assert.ok(page.includes(text), `« ${text} » is on the page, escaped`);
  });

  it('the customer’s counter-offer page escapes the carrier’s name, the link’s token and a closed link’s words', () => {
    const travel = hostileBooking();
    const offer = {
      id: 1,
      travel_id: 7,
      created_at: travel.created_at,
      expires_at: travel.created_at,
      user_email: 'a@b.fr',
      beginning_date: '2026-12-15T09:00:00+01:00',
      ending_date: null,
      price_transportation: 100_000,
      price_handling: 20_000,
      accepted_at: null,
      withdrawn_at: null,
      declined_at: null,
    };
    const open = renderOfferPage({
      kind: 'open',
      travel,
      offer,
      token: `"><script>`,
      carrierName: HOSTILE,
      carrierPhone: '',
      newTotal: 120_000,
    });
    assert.ok(!open.includes(HOSTILE) && !open.includes('"><script>'), 'no hostile markup on the open offer');
    assert.ok(open.includes(`${ESCAPED} vous propose une autre date`), 'the carrier’s name as text');
    assert.ok(open.includes('value="&quot;&gt;&lt;script&gt;"'), 'the token as an attribute’s text');
    const closed = renderOfferPage({ kind: 'closed', title: `Lien ${HOSTILE}`, text: HOSTILE, carrierPhone: '' });
    assert.ok(!closed.includes(HOSTILE) && closed.includes(`<h1>Lien ${ESCAPED}</h1>`), 'a closed link’s words as text');
  });

  it('the devis’s « Bon pour accord » escapes the name typed, its errors, the token and a closed devis’s words', () => {
    const open = renderAcceptance({
      kind: 'open',
      action: '/devis/7/accord',
      token: `"><script>`,
      devisHash: 'abc',
      earlier: { acceptedAt: new Date().toISOString(), signerName: HOSTILE, devisHash: 'abd' },
      form: { name: HOSTILE, terms: false, value: false, errors: [{ field: 'nom', message: `Nom illisible ${HOSTILE}` }] },
    }).text;
    assert.ok(!open.includes(HOSTILE) && !open.includes('"><script>'), 'no hostile markup in the form');
    assert.ok(open.includes(`value="${ESCAPED}"`), 'the name typed kept, as an attribute’s text');
    assert.ok(open.includes(`Nom illisible ${ESCAPED}`), 'the error as text');
    const closed = renderAcceptance({ kind: 'closed', text: HOSTILE }).text;
    assert.ok(!closed.includes(HOSTILE) && closed.includes(`<p>${ESCAPED}</p>`), 'a closed devis’s words as text');
  });
});
