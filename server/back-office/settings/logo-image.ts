/**
 * A logo as the Réglages accept it: a PNG or a JPEG, recognised by its bytes (never by its name
 * or the type the browser declares), not too heavy for a devis or an e-mail, and of a sensible
 * size. Its width and height are read from its header (PNG's IHDR, JPEG's start-of-frame): the
 * image itself is never decoded on the server. SVG is refused whatever it holds: it may carry
 * scripts and links, and nothing here sanitises it.
 */
export const LOGO_MAX_BYTES = 256 * 1024;
export const LOGO_MIN_SIDE = 16;
export const LOGO_MAX_SIDE = 2000;

export interface LogoImage {
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height of a PNG: its first chunk must be IHDR (13 bytes), as the format requires. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The markers of a JPEG's start of frame (SOF0 to SOF15), less DHT (C4), JPG (C8) and DAC (CC). */
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** Width and height of a JPEG: its segments are walked, from the start of image, to the first start of frame. */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes, and the markers that stand alone (RSTn, TEM).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (SOF_MARKERS.has(marker)) {
      if (at + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** Whether the bytes look like an SVG (or any XML or HTML): refused with a word of their own. */
function looksLikeMarkup(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<') || head.includes('<svg');
}

const kilobytes = (bytes: number) => `${Math.ceil(bytes / 1024).toLocaleString('fr-FR')}\u00a0Ko`;

/** The size of a file as a French reader says it: '1,2 Mo', '300 Ko'. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return kilobytes(bytes);
  return `${(bytes / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })}\u00a0Mo`;
}

export const TOO_HEAVY = (bytes: number | null) =>
  `${bytes === null ? 'Ce fichier est trop lourd' : `Ce fichier pèse ${fileSize(bytes)}`}\u00a0: un logo pèse ${kilobytes(LOGO_MAX_BYTES)} au plus. Enregistrez-le en plus petit (300\u00a0pixels de large suffisent pour le devis).`;

/** The logo's problem in French, or what it is. */
export function checkLogo(bytes: Buffer): { logo: LogoImage } | { problem: string } {
  if (bytes.length === 0) return { problem: 'Choisissez un fichier PNG ou JPEG avant d’envoyer.' };
  if (bytes.length > LOGO_MAX_BYTES) return { problem: TOO_HEAVY(bytes.length) };
  const png = pngSize(bytes);
  const jpeg = png ? null : jpegSize(bytes);
  const size = png ?? jpeg;
  if (!size) {
    if (looksLikeMarkup(bytes))
      return {
        problem:
          'Les images SVG (et tout fichier texte) ne sont pas acceptées\u00a0: elles peuvent contenir du code. Envoyez le logo en PNG ou en JPEG.',
      };
    return {
      problem: 'Ce fichier n’est ni un PNG ni un JPEG (quel que soit son nom)\u00a0: enregistrez le logo dans l’un de ces formats.',
    };
  }
  const { width, height } = size;
  if (width < LOGO_MIN_SIDE || height < LOGO_MIN_SIDE)
    return {
      problem: `Ce logo mesure ${width}\u00a0×\u00a0${height}\u00a0pixels\u00a0: il en faut au moins ${LOGO_MIN_SIDE} de chaque côté pour être lisible.`,
    };
  if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE)
    return {
      problem: `Ce logo mesure ${width.toLocaleString('fr-FR')}\u00a0×\u00a0${height.toLocaleString('fr-FR')}\u00a0pixels\u00a0: ${LOGO_MAX_SIDE.toLocaleString('fr-FR')}\u00a0pixels au plus de chaque côté. Réduisez-le avant de l’envoyer.`,
    };
  return { logo: { contentType: png ? 'image/png' : 'image/jpeg', width, height } };
}
