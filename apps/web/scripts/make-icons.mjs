// One-off: draws the PWA icons (a rounded square with "VA") with sharp. Run: node apps/web/scripts/make-icons.mjs
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = (name) => fileURLToPath(new URL(`../public/${name}`, import.meta.url));
const svg = (size) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="20" fill="#228be6"/>
  <text x="50" y="64" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" font-weight="700" fill="#fff" text-anchor="middle">VA</text>
</svg>`);

for (const [name, size] of [
  ['icon-192.png', 192],
  ['icon-512.png', 512],
  ['favicon.png', 64],
]) {
  await sharp(svg(size)).png().toFile(out(name));
}
