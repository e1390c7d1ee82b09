import { atom } from 'jotai';

export interface Banner {
  id: string;
  kind: 'error' | 'info' | 'warning';
  text: string;
}

const bannersBase = atom<Banner[]>([]);

/** Messages shown above the panels: bad data blocks, save failures, the store's messages. */
export const bannersAtom = atom((get) => get(bannersBase));

export const showBannerAtom = atom(null, (get, set, banner: Banner) => {
  set(bannersBase, [...get(bannersBase).filter((b) => b.id !== banner.id), banner]);
});

export const dismissBannerAtom = atom(null, (get, set, id: string) => {
  set(bannersBase, get(bannersBase).filter((b) => b.id !== id));
});
