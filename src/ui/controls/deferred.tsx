import { useEffect, useState, type ComponentType } from 'react';
import { Icon } from './icons.tsx';
import { Waiting } from './Waiting.tsx';

/**
 * A part of the screen whose code is fetched the first time it shows (a later panel, the
 * recap, the success screen), from the script's own URL. Until it comes a spinner says so;
 * a failed download says it in French with 'Réessayer', never a blank panel. Once loaded it
 * renders at once, every time after.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  what: string,
  /** A class for the wait, so it can hold the part's place (no jump when the part comes). */
  waitingClass?: string,
): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<unknown> | null = null;
  // Every place waiting for the part (one per stop card for the stop times): a retry from one
  // of them brings the part to all, not only to the one whose 'Réessayer' was pressed.
  const waiting = new Set<() => void>();
  const fetchPart = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
        waiting.forEach((show) => show());
      },
      (error: unknown) => {
        // Forget the failure, so 'Réessayer' asks again.
        pending = null;
        throw error;
      },
    ));

  function Deferred(props: P) {
    const [attempt, setAttempt] = useState(0);
    const [state, setState] = useState<'loading' | 'failed' | 'ready'>(loaded ? 'ready' : 'loading');
    useEffect(() => {
      // The code may have come between this place's render and this effect (another place's
      // fetch settled in between, before this place was among those waiting): show it now,
      // or the spinner would stay, with nothing left to wake it.
      if (loaded) {
        setState('ready');
        return;
      }
      let live = true;
      const show = () => live && setState('ready');
      waiting.add(show);
      fetchPart().then(show, () => live && setState('failed'));
      return () => {
        live = false;
        waiting.delete(show);
      };
    }, [attempt]);
    const Part = loaded;
    if (Part && state === 'ready') return <Part {...props} />;
    if (state === 'failed') {
      return (
        <div className="banner banner-error" role="alert">
          <Icon name="warning" />
          <div className="banner-body">
            <strong>Impossible d’afficher {what}.</strong> La connexion a peut-être été coupée.
            <button
              type="button"
              onClick={() => {
                setState('loading');
                setAttempt((n) => n + 1);
              }}
            >
              Réessayer
            </button>
          </div>
        </div>
      );
    }
    return <Waiting className={waitingClass}>Chargement…</Waiting>;
  }
  return Deferred;
}
