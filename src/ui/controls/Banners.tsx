import { useAtomValue, useSetAtom } from 'jotai';
import { bannersAtom, dismissBannerAtom } from '../../state/banner.atoms.ts';
import { settleScheduleAtom } from '../../state/dates-chunk.ts';
import { importPricingAtom } from '../../state/pricing-chunk.ts';
import { retryRouteAtom } from '../../state/route.atoms.ts';
import { Icon } from './icons.tsx';

const ICONS = { error: 'warning', warning: 'warning', info: 'info' } as const;

/** The store's messages (spec §2, §8): errors are alerts that stay, the rest polite status lines. */
export function Banners() {
  const banners = useAtomValue(bannersAtom);
  const dismiss = useSetAtom(dismissBannerAtom);
  const retryRoute = useSetAtom(retryRouteAtom);
  const retryDates = useSetAtom(settleScheduleAtom);
  const retryPricing = useSetAtom(importPricingAtom);
  return (
    <div className="banners" part="banners">
      {banners.map((banner) => (
        <div key={banner.id} className={`banner banner-${banner.kind}`} part="banner" role={banner.kind === 'error' ? 'alert' : 'status'}>
          <Icon name={ICONS[banner.kind]} />
          <div className="banner-body">
            {banner.retry === 'route' && <strong>Impossible de calculer l’itinéraire. Vérifiez les adresses, puis réessayez.</strong>}
            <span>{banner.text}</span>
            {banner.retry === 'route' && (
              <button type="button" className="link" onClick={() => retryRoute()}>
                Réessayer le calcul de l’itinéraire
              </button>
            )}
            {(banner.retry === 'dates' || banner.retry === 'pricing') && (
              <button type="button" className="link" onClick={() => void (banner.retry === 'dates' ? retryDates() : retryPricing())}>
                Réessayer
              </button>
            )}
          </div>
          {banner.kind !== 'error' && (
            <button type="button" className="icon" aria-label="Fermer le message" onClick={() => dismiss(banner.id)}>
              <Icon name="close" />
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
