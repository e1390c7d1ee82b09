import { useAtomValue, useSetAtom } from 'jotai';
import { bannersAtom, dismissBannerAtom } from '../../state/banner.atoms.ts';

/** The store's messages (spec §2, §8): errors are alerts, the rest polite status lines. */
export function Banners() {
  const banners = useAtomValue(bannersAtom);
  const dismiss = useSetAtom(dismissBannerAtom);
  return (
    <div className="banners" part="banners">
      {banners.map((banner) => (
        <div key={banner.id} className={`banner banner-${banner.kind}`} role={banner.kind === 'error' ? 'alert' : 'status'}>
          <span>{banner.text}</span>
          <button type="button" className="link" aria-label="Fermer le message" onClick={() => dismiss(banner.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
