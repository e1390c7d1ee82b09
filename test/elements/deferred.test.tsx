// A part whose code is fetched the first time it shows (src/ui/controls/deferred.tsx): every
// place that shows it gets it, whenever its code arrives, also between a place's render and
// its effect (a stop card rendered while another card's fetch is in flight). A spinner left
// for ever was seen on a loaded machine: the date field and a stop's times read 'Chargement…'.
import { expect, waitUntil } from '@open-wc/testing';
import { useLayoutEffect, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { deferred } from '../../src/ui/controls/deferred.tsx';

function controlledPart() {
  let resolve: (part: () => ReactElement) => void = () => undefined;
  const load = () => new Promise<() => ReactElement>((done) => (resolve = done));
  const Part = deferred(load, 'la partie');
  return { Part, arrive: () => resolve(() => <p className="part">La partie</p>) };
}

describe('a deferred part', () => {
  it('shows in every place, also one rendered while the code was on its way and whose effect ran after it came', async () => {
    const { Part, arrive } = controlledPart();
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    // The first place starts the fetch.
    root.render(<Part />);
    await waitUntil(() => host.textContent?.includes('Chargement…'), 'the first place waits');
    // A second place renders, and the code arrives after its render but before its effect:
    // a sibling's layout effect lets the fetch settle in that gap.
    function ArriveNow() {
      useLayoutEffect(() => arrive(), []);
      return null;
    }
    root.render(
      <>
        <Part />
        <Part />
        <ArriveNow />
      </>,
    );
    await waitUntil(() => host.querySelectorAll('.part').length === 2, 'both places show the part', { timeout: 3000 });
    expect(host.textContent).not.to.include('Chargement…');
    root.unmount();
    host.remove();
  });

  it('a place rendered once the code is there shows it at once', async () => {
    const { Part, arrive } = controlledPart();
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    root.render(<Part />);
    await waitUntil(() => host.textContent?.includes('Chargement…'));
    arrive();
    await waitUntil(() => host.querySelector('.part') !== null);
    root.render(
      <>
        <Part />
        <Part />
      </>,
    );
    await waitUntil(() => host.querySelectorAll('.part').length === 2);
    root.unmount();
    host.remove();
  });
});
