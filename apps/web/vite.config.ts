import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const outDir = fileURLToPath(new URL('./dist', import.meta.url));
const src = fileURLToPath(new URL('./src/', import.meta.url));

/**
 * The sign-in page's first load in a few requests instead of ~55 (each costs a round trip on a phone's network):
 * what the entry imports goes to `vendor` (npm packages) and `app` (ours); what the first page's lazy routes add
 * (auth frame, sign-in page, error boundary, error texts) to `vendor` and `sign-in`; the overlays loaded after the
 * first paint to `overlays`. Everything else (dashboards, contracts, other pages) keeps Rolldown's own splitting.
 */
const FIRST_PAGE = {
  entry: [`${src}main.tsx`],
  firstPage: [
    `${src}components/layouts/auth-layout.tsx`,
    `${src}app/routes/login-page.tsx`,
    `${src}components/layouts/route-error.tsx`,
    `${src}locales/errors/en.json`,
  ],
  afterPaint: [`${src}app/overlays.tsx`],
};

type ModuleInfoLookup = (id: string) => { importedIds: readonly string[]; code: string | null } | null;

const packageOf = (id: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1];
const NAMED_IMPORT = /(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
/** The names in `{ a, b as c }`: as imported (`a`, `b`) or as bound here (`a`, `c`). */
const namesIn = (list: string, side: 'imported' | 'local') =>
  list
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .filter((names) => names[0])
    .map((names) => (side === 'imported' ? names[0] : (names[1] ?? names[0])).trim());

/**
 * What `importer` really takes from a package's index file, which re-exports the whole package
 * (`@mantine/core`, `@tabler/icons-react`): the modules that define the names it imports. Null (follow all of the
 * index) when it cannot tell for every name.
 */
function takenFromIndex(index: string, importer: string, getModuleInfo: ModuleInfoLookup): string[] | null {
  const pkg = packageOf(index);
  const importerCode = getModuleInfo(importer)?.code;
  const indexInfo = getModuleInfo(index);
  const indexCode = indexInfo?.code;
  // `export *` passes names through unnamed: follow all of it.
  if (!pkg || !importerCode || !indexInfo || !indexCode || /export\s*\*/.test(indexCode)) return null;
  const wanted = new Set<string>();
  for (const [, list, from] of importerCode.matchAll(NAMED_IMPORT)) {
    if (from === pkg) for (const name of namesIn(list, 'imported')) wanted.add(name);
  }
  if (wanted.size === 0) return null;
  const files = new Set<string>();
  const found = new Set<string>();
  for (const [, list, from] of indexCode.matchAll(NAMED_IMPORT)) {
    const names = namesIn(list, 'local').filter((name) => wanted.has(name));
    if (names.length === 0) continue;
    // The module as resolved: a file of the package (the index may leave out the extension, or name a folder), or
    // another package.
    const path = from.startsWith('.') ? fileURLToPath(new URL(from, `file://${index}`)) : null;
    const file = indexInfo.importedIds.find((id) =>
      path
        ? id === path || id.startsWith(`${path}.`) || id.startsWith(`${path}/index.`)
        : packageOf(id) === from,
    );
    if (!file) return null;
    files.add(file);
    for (const name of names) found.add(name);
  }
  return found.size === wanted.size ? [...files] : null;
}

/** A package's index file, which usually gathers and re-exports the package's modules. */
const isPackageIndex = (id: string) => id.includes('/node_modules/') && /\/index\.m?js$/.test(id);

/**
 * The modules `roots` import statically, directly or not (dynamic imports are where a closure stops). Through a
 * package's index file it follows only the names imported, as tree-shaking will: the index names every module of
 * the package, most of which only dashboards use.
 */
function staticClosure(roots: string[], getModuleInfo: ModuleInfoLookup, seen = new Set<string>()) {
  const found = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id) || found.has(id)) continue;
    found.add(id);
    for (const next of getModuleInfo(id)?.importedIds ?? []) {
      const taken = isPackageIndex(next) ? takenFromIndex(next, id, getModuleInfo) : null;
      // The index itself too, without the rest of what it imports: it may stay in the bundle (a package without
      // `sideEffects: false`), and modules of a group must not import a chunk that imports the group back.
      if (taken && !seen.has(next)) found.add(next);
      if (taken) stack.push(...taken);
      else stack.push(next);
    }
  }
  return found;
}

let firstPageGroups: Map<string, string> | null = null;

function firstPageGroup(id: string, getModuleInfo: ModuleInfoLookup): string | null {
  if (!firstPageGroups) {
    const entry = staticClosure(FIRST_PAGE.entry, getModuleInfo);
    const firstPage = staticClosure(FIRST_PAGE.firstPage, getModuleInfo, entry);
    const afterPaint = staticClosure(FIRST_PAGE.afterPaint, getModuleInfo, new Set([...entry, ...firstPage]));
    firstPageGroups = new Map();
    const isPackage = (m: string) => m.includes('/node_modules/');
    for (const m of entry) firstPageGroups.set(m, isPackage(m) ? 'vendor' : 'app');
    for (const m of firstPage) firstPageGroups.set(m, isPackage(m) ? 'vendor' : 'sign-in');
    for (const m of afterPaint) firstPageGroups.set(m, 'overlays');
  }
  return firstPageGroups.get(id) ?? null;
}

export default defineConfig({
  plugins: [
    react(),
    // A new build (watch mode, tests building twice) computes the first page's modules again.
    {
      name: 'first-page-groups',
      buildStart() {
        firstPageGroups = null;
      },
      // Chunks that import each other run in an order where one reads the other's exports before they exist
      // (a blank page in production only): refuse the build rather than ship it.
      generateBundle(_options, bundle) {
        const imports = new Map<string, string[]>();
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk') imports.set(chunk.fileName, chunk.imports);
        const done = new Set<string>();
        const visit = (file: string, path: string[]) => {
          if (path.includes(file))
            return this.error(`chunks import each other: ${[...path, file].join(' -> ')}`);
          if (done.has(file)) return;
          for (const next of imports.get(file) ?? []) visit(next, [...path, file]);
          done.add(file);
        };
        for (const file of imports.keys()) visit(file, []);
      },
      // The sign-in chunk is fetched alongside the entry rather than once the router has run: the first page of
      // every visitor who is not signed in (a few kB that a signed-in visit does not use).
      transformIndexHtml: {
        order: 'post',
        handler(_html, { bundle }) {
          const chunk = Object.values(bundle ?? {}).find((c) => c.type === 'chunk' && c.name === 'sign-in');
          if (!chunk) return;
          return [
            {
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
              injectTo: 'head',
            },
          ];
        },
      },
    },
    VitePWA({
      registerType: 'prompt',
      filename: 'sw.js',
      scope: '/',
      injectRegister: false,
      includeAssets: ['favicon.png'],
      manifest: {
        name: 'VA Hub',
        short_name: 'VA Hub',
        description: 'Workforce platform for agencies of remote virtual assistants',
        theme_color: '#228be6',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/oauth\//],
        globPatterns: ['**/*.{js,css,html,png,svg,ico,woff2}'],
      },
    }),
    // Brotli and gzip copies of every text file, made once at build time; the server sends the one the
    // browser accepts (apps/server/src/web.ts), so no request pays for compressing.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/,
      threshold: 256,
    }),
  ],
  build: {
    outDir,
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: (id, ctx) => firstPageGroup(id, (m) => ctx.getModuleInfo(m)), priority: 2 },
            // Popovers' positioning engine is only needed by menus and selects, never by the first page.
            { name: 'floating-ui', test: /@floating-ui/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      // The realtime socket; listed before '/api', which would proxy it as plain HTTP.
      '/api/v1/ws': { target: 'ws://127.0.0.1:3000', ws: true },
      '/api': 'http://127.0.0.1:3000',
      '/oauth': 'http://127.0.0.1:3000',
    },
  },
});
