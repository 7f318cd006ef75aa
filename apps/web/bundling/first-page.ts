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
