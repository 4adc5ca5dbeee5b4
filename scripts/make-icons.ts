// Makes the installable app's PNG icons from Kept's mark (apps/web/public/favicon.svg's check on emerald)
// with sharp: "any" icons with rounded corners, "maskable" ones filling the square with the mark inside
// the 80% safe zone, and Apple's touch icon. Run once after changing the mark; the PNGs are committed.
//   node scripts/make-icons.ts
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '../apps/web/public/icons');
const GREEN = '#047857';
const CHECK = 'M9 16.5l4.5 4.5L23 11.5';

/** The mark on a 32-unit canvas: `radius` rounds the square; `scale` shrinks the check around the centre. */
const svg = (radius: number, scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="${radius}" fill="${GREEN}"/>` +
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)"><path d="${CHECK}" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/></g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, radius: 6, scale: 1 },
  { file: 'icon-512.png', size: 512, radius: 6, scale: 1 },
  { file: 'maskable-512.png', size: 512, radius: 0, scale: 0.8 },
  { file: 'apple-touch-icon.png', size: 180, radius: 0, scale: 0.9 },
];

for (const icon of icons) {
  await sharp(Buffer.from(svg(icon.radius, icon.scale)), { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(OUT, icon.file));
  console.log(`wrote ${path.join('apps/web/public/icons', icon.file)}`);
}
