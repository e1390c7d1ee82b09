import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { createMessenger } from '../../src/services/host-messaging.ts';

function framedWindow() {
  const posted: { message: Record<string, unknown>; origin: string }[] = [];
  const parent = { postMessage: (message: Record<string, unknown>, origin: string) => posted.push({ message, origin }) };
  return { win: { parent } as unknown as Window, posted };
}

/** What the test page hears from the frame's window while `act` runs, once `count` messages came. */
async function receivedFrom(frame: HTMLIFrameElement, count: number, act: () => void): Promise<unknown[]> {
  const received: unknown[] = [];
  // Posted by code of this test's realm, the events' source is this window, not the frame's.
  const listen = (event: MessageEvent) => {
    if (event.data === 'fin' || (event.data as { source?: string } | null)?.source === 'transport-quote') received.push(event.data);
  };
  window.addEventListener('message', listen);
  try {
    act();
    await waitUntil(() => received.length >= count, `${received.length} of ${count} messages received`);
    // A marker sent last arrives after anything sent before it: nothing else is on its way.
    frame.contentWindow!.parent.postMessage('fin', '*');
    await waitUntil(() => received.includes('fin'));
  } finally {
    window.removeEventListener('message', listen);
  }
  return received.filter((data) => data !== 'fin');
}

describe('host messaging (spec §2, DESIGN §3)', () => {
  it('S012 S145 every message is a bubbling, composed CustomEvent on the element that reaches the document', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const send = createMessenger({ host, parentOrigin: () => null, win: window });
    const seen: CustomEvent[] = [];
    const listen = (event: Event) => seen.push(event as CustomEvent);
    for (const name of ['next_step', 'previous_step', 'travel_creation_succeed', 'travel_update_succeed'])
      document.addEventListener(name, listen);
    send('next_step', { step: 1 });
    send('previous_step', { step: 0 });
    send('travel_creation_succeed', { token: 'tok', travelId: 7 });
    send('travel_update_succeed', { travelId: 7 });
    for (const name of ['next_step', 'previous_step', 'travel_creation_succeed', 'travel_update_succeed'])
      document.removeEventListener(name, listen);
    expect(seen.map((event) => [event.type, event.detail, event.bubbles, event.composed])).to.deep.equal([
      ['next_step', { step: 1 }, true, true],
      ['previous_step', { step: 0 }, true, true],
      ['travel_creation_succeed', { token: 'tok', travelId: 7 }, true, true],
      ['travel_update_succeed', { travelId: 7 }, true, true],
    ]);
  });

  it('S012 when framed, messages go to the parent origin with source and type', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const { win, posted } = framedWindow();
    const send = createMessenger({ host, parentOrigin: () => 'https://transporteur.example', win });
    send('travel_creation_succeed', { token: 'secret', travelId: 12 });
    send('height_changed', { height: 640 });
    expect(posted).to.deep.equal([
      {
        message: { source: 'transport-quote', type: 'travel_creation_succeed', token: 'secret', travelId: 12 },
        origin: 'https://transporteur.example',
      },
      { message: { source: 'transport-quote', type: 'height_changed', height: 640 }, origin: 'https://transporteur.example' },
    ]);
  });

  it('S012 parent-origin="*" is refused: a French console error, and no message at all is posted', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    for (const origin of ['*', 'https://transporteur.example/page', 'transporteur.example']) {
      const { win, posted } = framedWindow();
      const errors: string[] = [];
      const send = createMessenger({ host, parentOrigin: () => origin, win, error: (message) => errors.push(message) });
      send('next_step', { step: 1 });
      send('travel_creation_succeed', { token: 'jeton-secret', travelId: 7 });
      send('height_changed', { height: 600 });
      expect(posted, origin).to.deep.equal([]);
      expect(errors, origin).to.have.length(1);
      expect(errors[0]).to.contain('parent-origin').and.to.contain('refusé');
    }
  });

  it('S012 in a real frame without parent-origin, the bookings reach any parent without their token, with a warning', async () => {
    const frame = await fixture<HTMLIFrameElement>(html`<iframe title="Réservation"></iframe>`);
    const host = frame.contentDocument!.createElement('div');
    frame.contentDocument!.body.append(host);
    const warnings: string[] = [];
    const send = createMessenger({ host, parentOrigin: () => null, win: frame.contentWindow!, warn: (m) => warnings.push(m) });
    const received = await receivedFrom(frame, 3, () => {
      send('travel_creation_succeed', { token: 'jeton-secret', travelId: 12 });
      send('travel_update_succeed', { travelId: 12 });
      send('next_step', { step: 1 });
    });
    expect(received).to.deep.equal([
      { source: 'transport-quote', type: 'travel_creation_succeed', travelId: 12 },
      { source: 'transport-quote', type: 'travel_update_succeed', travelId: 12 },
      { source: 'transport-quote', type: 'next_step', step: 1 },
    ]);
    expect(JSON.stringify(received)).not.to.contain('jeton-secret');
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('parent-origin').and.to.contain('sans son jeton');
  });

  it('S012 in a real frame with parent-origin, the whole messages reach that origin only', async () => {
    const frame = await fixture<HTMLIFrameElement>(html`<iframe title="Réservation"></iframe>`);
    const host = frame.contentDocument!.createElement('div');
    frame.contentDocument!.body.append(host);
    const warnings: string[] = [];
    const elsewhere = createMessenger({
      host,
      parentOrigin: () => 'https://autre-transporteur.example',
      win: frame.contentWindow!,
      warn: (m) => warnings.push(m),
    });
    const here = createMessenger({ host, parentOrigin: () => location.origin, win: frame.contentWindow!, warn: (m) => warnings.push(m) });
    const received = await receivedFrom(frame, 2, () => {
      // The browser drops what is addressed to another origin: only the last two arrive.
      elsewhere('travel_creation_succeed', { token: 'jeton-ailleurs', travelId: 11 });
      here('travel_creation_succeed', { token: 'jeton-secret', travelId: 12 });
      here('travel_update_succeed', { travelId: 12 });
    });
    expect(received).to.deep.equal([
      { source: 'transport-quote', type: 'travel_creation_succeed', token: 'jeton-secret', travelId: 12 },
      { source: 'transport-quote', type: 'travel_update_succeed', travelId: 12 },
    ]);
    expect(warnings).to.deep.equal([]);
  });

  it('in a preview frame of WordPress (its body marked data-resizable-iframe-connected), a height change is told in its resize message, with the body’s size', async () => {
    const frame = await fixture<HTMLIFrameElement>(html`<iframe title="Aperçu" style="width: 400px; height: 100px; border: 0"></iframe>`);
    const doc = frame.contentDocument!;
    doc.body.style.margin = '0';
    doc.body.style.position = 'absolute';
    doc.body.style.width = '100%';
    const host = doc.createElement('div');
    host.style.height = '900px';
    doc.body.append(host);
    const send = createMessenger({ host, parentOrigin: () => null, win: frame.contentWindow! });
    const received: unknown[] = [];
    // Posted from this test's realm, so the event's source is this window, not the frame's.
    const listen = (event: MessageEvent) => received.push(event.data);
    window.addEventListener('message', listen);
    try {
      send('height_changed', { height: 900 });
      doc.body.setAttribute('data-resizable-iframe-connected', '');
      send('height_changed', { height: 900 });
      await waitUntil(() => received.length >= 2);
    } finally {
      window.removeEventListener('message', listen);
    }
    // Unmarked, the frame hears only our own protocol; marked, WordPress's too, at the body's size.
    expect(received.filter((data) => (data as { action?: string }).action === 'resize')).to.deep.equal([
      { action: 'resize', width: 400, height: 900 },
    ]);
    expect(received.filter((data) => (data as { type?: string }).type === 'height_changed')).to.have.length(2);
  });

  it('an unframed page posts nothing', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const posted: unknown[] = [];
    const win = {
      get parent() {
        return win;
      },
      postMessage: (m: unknown) => posted.push(m),
    } as unknown as Window;
    createMessenger({ host, parentOrigin: () => 'https://x.example', win })('next_step', { step: 1 });
    expect(posted).to.deep.equal([]);
  });
});

describe('tokens stay out of the browser’s storage', () => {
  it('the company token is in no draft key and no draft, yet two companies keep separate drafts', async () => {
    const { draftKey } = await import('../../src/services/drafts.ts');
    const owner = { tag: 'transport-quote-wizard', instance: '0', path: '/intranet', travelId: null };
    const a = draftKey({ ...owner, companyToken: 'tqw_demo_5b2f0c8e9d1a4e67b3c2a9f0e1d4c7b6' });
    const b = draftKey({ ...owner, companyToken: 'tqw_demo_0a9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c' });
    expect(a).not.to.contain('5b2f0c8e9d1a4e67b3c2a9f0e1d4c7b6');
    expect(a).not.to.equal(b);
  });
});
