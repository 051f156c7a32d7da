#!/usr/bin/env node
/**
 * Draws the home-screen icons (192 and 512 px PNG) from the favicon's shapes: a teal rounded
 * square, a white cross and a mint dot. Written without an image library so the build needs no
 * download and no native module; run it again after the favicon design changes.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');

const TEAL = [0x0f, 0x76, 0x6e];
const WHITE = [0xff, 0xff, 0xff];
const MINT = [0x5e, 0xea, 0xd4];

/** The colour at a point of the 64-unit favicon; maskable icons keep the whole square filled. */
function colourAt(x, y) {
  const inCross = (x >= 27 && x <= 37 && y >= 14 && y <= 50) || (y >= 27 && y <= 37 && x >= 14 && x <= 50);
  if ((x - 48) ** 2 + (y - 48) ** 2 <= 49) return MINT;
  if (inCross) return WHITE;
  return TEAL;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

function png(size) {
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let px = 0; px < size; px++) {
      const [r, g, b] = colourAt(((px + 0.5) * 64) / size, ((py + 0.5) * 64) / size);
      row[1 + px * 3] = r;
      row[2 + px * 3] = g;
      row[3 + px * 3] = b;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const size of [192, 512]) writeFileSync(join(publicDir, `icon-${size}.png`), png(size));
writeFileSync(join(publicDir, 'apple-touch-icon.png'), png(180));
