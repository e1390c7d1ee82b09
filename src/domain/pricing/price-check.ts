/**
 * The server's own grid price kept beside a booking's stored price when the two may differ: a
 * price a company fixed with the price editor (its right, spec §6), or a booking stored before
 * quotes existed. The carrier sees both before accepting.
 */
export interface PriceCheck {
  /** Cents, VAT included, as spec §7 sends them. */
  price_transportation: number;
  price_handling: number;
  /** True when the stored prices are the grid's to the cent. */
  matches: boolean;
  /** The grid whose figures these are: the wizard's, or the earlier variant's (lite element). */
  grid: 'wizard' | 'lite';
}
