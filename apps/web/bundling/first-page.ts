import type { Plugin } from 'vite';
import { resetChunkGroups } from './chunk-groups.ts';

type Chunk = { type: 'chunk'; name: string; fileName: string; imports: string[]; moduleIds: string[] };
type Bundle = Record<string, Chunk | { type: 'asset' }>;

const chunksOf = (bundle: Bundle): Chunk[] =>
  Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');

/** A chain of chunks that import each other, if any. */
function chunkCycle(bundle: Bundle): string[] | null {
  const imports = new Map(chunksOf(bundle).map((c) => [c.fileName, c.imports]));
  const done = new Set<string>();
  const visit = (file: string, path: string[]): string[] | null => {
    if (path.includes(file)) return [...path, file];
    if (done.has(file)) return null;
    for (const next of imports.get(file) ?? []) {
      const cycle = visit(next, [...path, file]);
      if (cycle) return cycle;
    }
    done.add(file);
    return null;
  };
  for (const file of imports.keys()) {
    const cycle = visit(file, []);
    if (cycle) return cycle;
  }
  return null;
}

const MANTINE_STYLES = /@mantine\/core\/styles\/(\w+)\.css$/;
const MANTINE_PART = /@mantine\/core\/esm\/.*\/(\w+)\.module\.mjs$/;

/**
 * The Mantine parts the first page's chunks hold without their styles: the first page carries only its share of
 * Mantine's styles (`src/app/styles/first-page.ts`, and the overlays' own), every other page all of them.
 */
function unstyledFirstPageParts(bundle: Bundle): string[] {
  const chunks = chunksOf(bundle);
  const styles = (list: Chunk[]) =>
    new Set(list.flatMap((c) => c.moduleIds.map((id) => MANTINE_STYLES.exec(id)?.[1]).filter(Boolean)));
  const entry = chunks.filter((c) => c.name === 'vendor' || c.name === 'app');
  const firstPage = [...entry, ...chunks.filter((c) => c.name === 'sign-in' || c.name === 'overlays')];
  const missing: string[] = [];
  for (const chunk of firstPage) {
    const styled = new Set([...styles(entry), ...styles([chunk])]);
    for (const id of chunk.moduleIds) {
      const part = MANTINE_PART.exec(id)?.[1];
      if (part && !styled.has(part)) missing.push(`${part} (chunk ${chunk.name})`);
    }
  }
  return missing;
}

type OutputItem = Chunk | { type: 'asset'; fileName: string; names?: string[]; source: string | Uint8Array };
type ChunkMeta = Chunk & {
  isEntry: boolean;
  facadeModuleId: string | null;
  viteMetadata?: { importedCss: Set<string> };
};

/** The dashboards' paths (`src/config/paths.ts`) and the chunk of each one's home (`chunk-groups.ts`). */
const DASHBOARD_HOMES: Record<string, string> = {
  '/admin-dashboard': 'home-attendance',
  '/manager-dashboard': 'home-attendance',
  '/client-dashboard': 'home-attendance',
  '/va-dashboard': 'home-va',
};

/** Where the server finds the pages of `dashboardShells` (apps/server/src/web.ts). */
export const SHELLS_FILE = 'shells/shells.json';

/**
 * The app's HTML for the dashboards, each with the files its first page needs beyond the entry's listed as preloads:
 * a returning user's dashboard then downloads its frame, its home and Mantine's styles alongside the entry, rather
 * than once the entry has run and the router has asked for them (the server sends these pages for the dashboards'
 * paths, `shells.json` saying which). Everything else is the same HTML.
 */
function dashboardShells(bundle: Record<string, OutputItem>): Record<string, string> | null {
  const html = bundle['index.html'];
  if (html?.type !== 'asset' || typeof html.source !== 'string') return null;
  const index = html.source;
  const chunks = Object.values(bundle).filter((c): c is ChunkMeta => c.type === 'chunk');
  const byName = (name: string) => chunks.find((c) => c.name === name);
  const byModule = (suffix: string) => chunks.find((c) => c.facadeModuleId?.endsWith(suffix));
  const listed = (file: string) => index.includes(`"/${file}"`);
  // A chunk, what it imports (statically, all the way down) and their styles, less what the HTML already lists.
  const filesOf = (chunk: ChunkMeta | undefined, into: Set<string>) => {
    if (!chunk || into.has(chunk.fileName)) return into;
    into.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
    for (const file of chunk.imports)
      filesOf(
        chunks.find((c) => c.fileName === file),
        into,
      );
    return into;
  };
  // Mantine's whole stylesheet, which every page but the sign-in page loads first (`src/app/lazy.ts`).
  const mantine = Object.values(bundle).find(
    (a) => a.type === 'asset' && a.fileName.endsWith('.css') && a.names?.includes('mantine.css'),
  )?.fileName;
  // The dashboards' first reads, started as soon as their script arrives (`src/boot/early-reads.ts`).
  const earlyReads = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('src/boot/early-reads.ts'));
  if (!earlyReads || earlyReads.imports.length > 0) return null;
  const early = `<script type="module" async crossorigin src="/${earlyReads.fileName}"></script>`;
  const frame = filesOf(byName('dashboard'), new Set(mantine ? [mantine] : []));
  const shell = (files: Set<string>) => {
    const links = [...files]
      .filter((file) => !listed(file))
      .map((file) =>
        file.endsWith('.css')
          ? `<link rel="preload" as="style" crossorigin href="/${file}">`
          : `<link rel="modulepreload" crossorigin href="/${file}">`,
      );
    return index
      .replace('<script type="module"', `${early}\n    <script type="module"`)
      .replace('</head>', `\n    ${links.join('\n    ')}\n  </head>`);
  };
  const pages: Record<string, string> = { 'shells/dashboard.html': shell(frame) };
  const routes: { exact: Record<string, string>; prefix: Record<string, string> } = { exact: {}, prefix: {} };
  for (const [path, home] of Object.entries(DASHBOARD_HOMES)) {
    const file = `shells/${home}.html`;
    if (!pages[file]) {
      const files = filesOf(byName(home), new Set(frame));
      // The attendance homes' texts (English, the default language).
      if (home === 'home-attendance') filesOf(byModule('features/attendance/locales/en.json'), files);
      pages[file] = shell(files);
    }
    routes.exact[path] = file;
    routes.prefix[`${path}/`] = 'shells/dashboard.html';
  }
  return { ...pages, [SHELLS_FILE]: JSON.stringify(routes, null, 2) };
}

/**
 * The first loads' build rules: chunk groups computed afresh for each build, no chunks importing each other, the
 * first page's Mantine styles complete, and the sign-in chunk fetched alongside the entry.
 */
export function firstPagePlugin(): Plugin {
  return {
    name: 'first-page',
    buildStart() {
      resetChunkGroups();
    },
    generateBundle(_options, bundle) {
      // Chunks that import each other run in an order where one reads the other's exports before they exist
      // (a blank page in production only): refuse the build rather than ship it.
      const cycle = chunkCycle(bundle as unknown as Bundle);
      if (cycle) this.error(`chunks import each other: ${cycle.join(' -> ')}`);
      const unstyled = unstyledFirstPageParts(bundle as unknown as Bundle);
      if (unstyled.length > 0) {
        this.error(
          `the first page renders Mantine parts without their styles: ${unstyled.join(', ')}; import ` +
            `'@mantine/core/styles/<Part>.css' in src/app/styles/first-page.ts (in the order of Mantine's styles.css)`,
        );
      }
    },
    // The sign-in chunk is fetched alongside the entry rather than once the router has run: the first page of
    // every visitor who is not signed in, and part of every dashboard's frame (header, language, colour scheme).
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
  };
}

/** The dashboards' pages with their first files preloaded (`dashboardShells`), made once the HTML is written. */
export function dashboardShellsPlugin(): Plugin {
  return {
    name: 'dashboard-shells',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const shells = dashboardShells(bundle as unknown as Record<string, OutputItem>);
        if (!shells) {
          this.error("no index.html, or an early-reads chunk that imports others, for the dashboards' pages");
        }
        for (const [fileName, source] of Object.entries(shells))
          this.emitFile({ type: 'asset', fileName, source });
      },
    },
  };
}
