/**
 * A carrier's brand colour, as the elements' primary buttons carry it with white text
 * (UX §2.5: brand-contrast on brand must reach 4.5:1; the same ratio holds for the brand as a
 * link on white, since the WCAG ratio is symmetric).
 */
export const BUTTON_TEXT_CONTRAST = 4.5;

/** '#1d4ed8', lower case; '#abc' is read as '#aabbcc'. Null for anything else. */
export function normalHexColour(typed: string): string | null {
  const text = typed.trim().toLowerCase();
  const short = /^#?([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  if (short) return `#${short[1]!.repeat(2)}${short[2]!.repeat(2)}${short[3]!.repeat(2)}`;
  const long = /^#?([0-9a-f]{6})$/.exec(text);
  return long ? `#${long[1]}` : null;
}

/** WCAG 2.2 relative luminance of '#rrggbb'. */
export function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour mixed with black in steps of 5 % until white text on it reads at 4.5:1: a darker shade to propose. */
export function darkEnoughShade(hex: string): string {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  for (let keep = 1; keep > 0; keep -= 0.05) {
    const shade = `#${channels
      .map((channel) =>
        Math.round(channel * keep)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
    if (contrastRatio('#ffffff', shade) >= BUTTON_TEXT_CONTRAST) return shade;
  }
  return '#000000';
}

const ratioText = (ratio: number) => `${(Math.floor(ratio * 10) / 10).toFixed(1).replace('.', ',')}:1`;

/** What is wrong with a typed brand colour, in French; null when it may be used (or left empty). */
export function brandColourProblem(typed: string): string | null {
  if (typed.trim() === '') return null;
  const hex = normalHexColour(typed);
  if (!hex) return 'Indiquez la couleur en hexadécimal, un dièse et six chiffres ou lettres de a à f, par exemple #166534.';
  const ratio = contrastRatio('#ffffff', hex);
  if (ratio >= BUTTON_TEXT_CONTRAST) return null;
  return `Le texte blanc des boutons n’aurait sur cette couleur qu’un contraste de ${ratioText(ratio)}\u00a0: il en faut 4,5:1 pour rester lisible. Choisissez une couleur plus foncée, par exemple ${darkEnoughShade(hex)}.`;
}
