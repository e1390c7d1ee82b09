import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { createMessenger } from '../../src/services/host-messaging.ts';

function framedWindow() {
  const posted: { message: Record<string, unknown>; origin: string }[] = [];
  const parent = { postMessage: (message: Record<string, unknown>, origin: string) => posted.push({ message, origin }) };
  return { win: { parent } as unknown as Window, posted };
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

  it('a message carrying a token is never posted to * : without parent-origin it is held back with a warning', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const { win, posted } = framedWindow();
    const warnings: string[] = [];
    const send = createMessenger({ host, parentOrigin: () => null, win, warn: (message) => warnings.push(message) });
    send('travel_creation_succeed', { token: 'secret', travelId: 12 });
    send('next_step', { step: 1 });
    expect(posted).to.deep.equal([{ message: { source: 'transport-quote', type: 'next_step', step: 1 }, origin: '*' }]);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('parent-origin');
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
