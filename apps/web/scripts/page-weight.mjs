// Gzipped JS a first visit to a page downloads: the entry, its static imports, and the lazy modules of the
// routes that page matches. Usage: node apps/web/scripts/page-weight.mjs [src/app/routes/login-page.tsx ...]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));
const pages = process.argv.slice(2);
const lazy = pages.length
  ? pages
  : [
      'src/app/routes/login-page.tsx',
      'src/components/layouts/auth-layout.tsx',
      'src/components/layouts/route-error.tsx',
      'src/app/overlays.tsx',
    ];

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
visit(entry);
for (const key of lazy) visit(key);

let total = 0;
for (const file of files) {
  if (!file.endsWith('.js')) continue;
  total += gzipSync(readFileSync(dist + file)).length;
}
console.log(`${[...files].length} files, ${(total / 1024).toFixed(1)} kB gzipped JS`);
