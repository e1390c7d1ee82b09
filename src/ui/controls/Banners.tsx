import { useAtomValue, useSetAtom } from 'jotai';
import { bannersAtom, dismissBannerAtom } from '../../state/banner.atoms.ts';
import { retryRouteAtom } from '../../state/fees.atoms.ts';

/** The store's messages (spec §2, §8): errors are alerts, the rest polite status lines. */
export function Banners() {
  const banners = useAtomValue(bannersAtom);
  const dismiss = useSetAtom(dismissBannerAtom);
  const retryRoute = useSetAtom(retryRouteAtom);
  return (
    <div className="banners" part="banners">
      {banners.map((banner) => (
        <div key={banner.id} className={`banner banner-${banner.kind}`} role={banner.kind === 'error' ? 'alert' : 'status'}>
          <span>{banner.text}</span>
          {banner.retry === 'route' && (
            <button type="button" className="link" onClick={() => retryRoute()}>
              Réessayer le calcul de l’itinéraire
            </button>
          )}
          <button type="button" className="link" aria-label="Fermer le message" onClick={() => dismiss(banner.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
