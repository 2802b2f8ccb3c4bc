// @ts-check
/**
 * Writes the site's icons and link-preview image into apps/web/public, from the logo drawn
 * here (a green disc with a white check, the same as icons/icon.svg). Deterministic: the PNG
 * icons are rasterised by this script alone (no image library), so running it again gives the
 * same bytes. The preview image is a page rendered by the machine's Chromium, since it holds
 * text. Run it after changing the logo or the brand: `node --import tsx scripts/make-icons.mjs`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const publicDir = fileURLToPath(new URL('../apps/web/public/', import.meta.url));
const BRAND = [0x0b, 0x6e, 0x4f];
const WHITE = [0xff, 0xff, 0xff];

/** The logo on a 32×32 grid: disc radius 15, check from (9,17) via (14,22) to (23,11), width 3.5. */
const CHECK = [
  [9, 17],
  [14, 22],
  [23, 11],
];
const CHECK_WIDTH = 3.5;

function distanceToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/**
 * The colour at a point of the 32-unit logo, or null outside it. `fullBleed`: the background
 * fills the square (maskable icons are cropped to a circle or squircle by the platform).
 * @returns {number[] | null}
 */
function logoAt(x, y, fullBleed, scale) {
  // Maskable icons keep their content in the middle 80%.
  const u = fullBleed ? 16 + (x - 16) / scale : x;
  const v = fullBleed ? 16 + (y - 16) / scale : y;
  const onCheck =
    distanceToSegment(u, v, CHECK[0], CHECK[1]) <= CHECK_WIDTH / 2 ||
    distanceToSegment(u, v, CHECK[1], CHECK[2]) <= CHECK_WIDTH / 2;
  const inDisc = fullBleed || Math.hypot(x - 16, y - 16) <= 15;
  if (!inDisc) return null;
  return onCheck && Math.hypot(u - 16, v - 16) <= 15 ? WHITE : BRAND;
}

/** RGBA pixels of the logo at `size`×`size`, 4×4 supersampled. */
function drawLogo(size, fullBleed = false) {
  const pixels = Buffer.alloc(size * size * 4);
  const samples = 4;
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = ((px + (sx + 0.5) / samples) / size) * 32;
          const y = ((py + (sy + 0.5) / samples) / size) * 32;
          const colour = logoAt(x, y, fullBleed, 0.8);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a += 1;
        }
      }
      const offset = (py * size + px) * 4;
      if (a > 0) {
        pixels[offset] = Math.round(r / a);
        pixels[offset + 1] = Math.round(g / a);
        pixels[offset + 2] = Math.round(b / a);
      }
      pixels[offset + 3] = Math.round((a / (samples * samples)) * 255);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A minimal PNG: 8-bit RGBA, no filtering, zlib level 9. */
function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 6;
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#0b6e4f"/><path d="M9 17l5 5 9-11" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/></svg>\n`;

function writeIcons() {
  mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
  writeFileSync(path.join(publicDir, 'icons', 'icon.svg'), SVG);
  for (const size of [192, 512]) {
    writeFileSync(
      path.join(publicDir, 'icons', `icon-${size}.png`),
      encodePng(size, drawLogo(size)),
    );
  }
  writeFileSync(
    path.join(publicDir, 'icons', 'icon-maskable-512.png'),
    encodePng(512, drawLogo(512, true)),
  );
  // iOS draws no transparency: the full-bleed version.
  writeFileSync(
    path.join(publicDir, 'icons', 'apple-touch-icon.png'),
    encodePng(180, drawLogo(180, true)),
  );
}

/** The 1200×630 link preview: the logo, the title and the promise, as the home page says them. */
async function writePreviewImage() {
  const { chromium } = await import('@playwright/test');
  const { findChromium } = await import('./find-chromium.mjs');
  // Needs tsx for the contract's TypeScript: `node --import tsx scripts/make-icons.mjs`.
  // The default site identity's words: the image is a build file (docs/decisions/023).
  const { defaultSiteIdentity, pageTitle } =
    await import('../packages/contract/src/site-config.ts');
  const title = pageTitle(defaultSiteIdentity);
  const { brand } = defaultSiteIdentity;
  const { refund } = defaultSiteIdentity.claims;
  const found = findChromium();
  if (!found) throw new Error('No Chromium found for the preview image');
  const browser = await chromium.launch({ executablePath: found.path, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
    await page.setContent(`<!doctype html><html><body style="margin:0;width:1200px;height:630px;
      display:flex;align-items:center;gap:64px;padding:0 96px;box-sizing:border-box;
      background:#0b6e4f;color:#fff;font-family:system-ui,sans-serif">
      <div style="flex:none;width:220px;height:220px;border-radius:50%;background:#fff;display:flex;align-items:center;justify-content:center">
        <svg width="140" height="140" viewBox="6 6 20 20"><path d="M9 17l5 5 9-11" fill="none" stroke="#0b6e4f" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/></svg>
      </div>
      <div><div style="font-size:34px;opacity:.85">${brand}</div>
      <div style="font-size:76px;font-weight:700;line-height:1.1;margin:12px 0 24px">${title}</div>
      <div style="font-size:32px;line-height:1.3">${refund}</div></div></body></html>`);
    await page.screenshot({ path: path.join(publicDir, 'og-image.png') });
  } finally {
    await browser.close();
  }
}

writeIcons();
if (!process.argv.includes('--icons-only')) await writePreviewImage();
console.log(`Icons and preview image written to ${publicDir}`);
