// The trips the interaction bench and the profile tool measure (issue 33): the 50-stop trip of
// a moving company's worst day, and the typical trip most visitors bring. Both tools read them
// here, so a profile is always of the very page the bench timed.

/** Where each trip's page is written under dist/bench, and its size. */
export const TRIPS = {
  fifty: { page: 'big-trip.html', stops: 50, items: 200 },
  typical: { page: 'typical-trip.html', stops: 3, items: 12 },
};

/** A trip's data block: resolved stops along the rue de Rivoli, items of varied volumes. */
export function tripData({ stops, items }) {
  return {
    stops: Array.from({ length: stops }, (_, i) => ({
      address: `${i + 1} rue de Rivoli 75004 Paris`,
      lat: 48.8 + i * 0.002,
      lng: 2.35 + (i % 7) * 0.003,
      geocodeResolved: true,
      floor: 0,
    })),
    items: Array.from({ length: items }, (_, i) => ({
      id: i + 1,
      name: `Objet n°${i + 1}`,
      volume: 0.05 + (i % 10) * 0.01,
      time_factor: 0.05,
    })),
  };
}

/**
 * The controls the three interactions use, as selectors in the element's shadow root. The item
 * is the one in the middle of the list (n°100 of 200, n°6 of 12). The labels put a no-break
 * space before the colon (UX §7.1).
 */
export function controlsOf({ items }) {
  const item = `Objet n°${Math.ceil(items / 2)}`;
  return {
    reorderButton: 'button[aria-label="Descendre l’adresse 1"]',
    firstAddress: 'input[data-target="address-1"]',
    typedAddress: 'input[data-target="address-2"]',
    quantityInput: `input[aria-label="Quantité\u00a0: ${item}"]`,
    quantityButton: `button[aria-label="Augmenter la quantité\u00a0: ${item}"]`,
  };
}

/** `typical` or `fifty` from a command line's arguments (the 50-stop trip unless asked). */
export const tripNamed = (args) => (args.includes('typical') ? TRIPS.typical : TRIPS.fifty);
