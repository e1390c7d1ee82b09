// A real PNG logo made here, pixel by pixel (no image library): a teal van on white, as a
// carrier would send it, for the Réglages' screenshots and browser tests.
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 255]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A width × height RGB PNG whose pixels `paint(x, y)` gives as [r, g, b]. */
export function png(width: number, height: number, paint: (x: number, y: number) => number[]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) row.set(paint(x, y), 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const TEAL = [15, 118, 110];
const WHITE = [255, 255, 255];
const inside = (x: number, y: number, [left, top, right, bottom]: [number, number, number, number]) =>
  x >= left && x < right && y >= top && y < bottom;
const near = (x: number, y: number, cx: number, cy: number, r: number) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

/** 240 × 80: a van (body, cab, two wheels) and three bars standing for the name. */
export function carrierLogo() {
  return png(240, 80, (x, y) => {
    if (near(x, y, 22, 60, 8) || near(x, y, 58, 60, 8)) return TEAL;
    if (inside(x, y, [8, 16, 52, 56]) || inside(x, y, [52, 30, 74, 56])) return TEAL;
    if (inside(x, y, [88, 22, 228, 34]) || inside(x, y, [88, 42, 200, 50]) || inside(x, y, [88, 56, 170, 62])) return TEAL;
    return WHITE;
  });
}
