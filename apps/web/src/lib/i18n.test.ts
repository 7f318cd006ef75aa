import { describe, expect, it } from 'vitest';
import de from '../locales/de.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import zh from '../locales/zh.json';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
  );
}

function placeholders(tree: Tree): Record<string, string[]> {
  const flat: Record<string, string[]> = {};
  const walk = (node: Tree, prefix: string) => {
    for (const [k, v] of Object.entries(node)) {
      if (typeof v === 'string') flat[`${prefix}${k}`] = (v.match(/{{\w+}}/g) ?? []).sort();
      else walk(v, `${prefix}${k}.`);
    }
  };
  walk(tree, '');
  return flat;
}

const LANGS = ['de', 'es', 'fr', 'zh'] as const;

/**
 * The shell's bundle, the shared namespaces (`locales/<ns>/<lng>.json`: common, errors) and every feature
 * namespace (`features/<name>/locales/<lng>.json`).
 */
const namespaceFiles = {
  ...import.meta.glob<Tree>('../locales/*/*.json', { eager: true, import: 'default' }),
  ...import.meta.glob<Tree>('../features/*/locales/*.json', { eager: true, import: 'default' }),
};
const bundles: Record<string, Record<string, Tree>> = { translation: { en, de, es, fr, zh } };
for (const [path, tree] of Object.entries(namespaceFiles)) {
  const [, ns, lng] = path.match(/\/([^/]+)\/(?:locales\/)?(\w+)\.json$/) ?? [];
  if (ns && lng) bundles[ns] = { ...bundles[ns], [lng]: tree };
}

describe('translations', () => {
  for (const [ns, byLang] of Object.entries(bundles)) {
    const enTree = byLang.en ?? {};
    const reference = keys(enTree).sort();

    it(`${ns}: has an English bundle`, () => {
      expect(byLang.en, `features/${ns}/locales/en.json`).toBeDefined();
    });

    for (const lng of LANGS) {
      const tree = byLang[lng] ?? {};
      it(`${ns}: ${lng} has exactly the keys of en`, () => {
        const own = keys(tree).sort();
        expect(
          reference.filter((k) => !own.includes(k)),
          `missing in ${ns}/${lng}`,
        ).toEqual([]);
        expect(
          own.filter((k) => !reference.includes(k)),
          `extra in ${ns}/${lng}`,
        ).toEqual([]);
      });

      it(`${ns}: ${lng} keeps the interpolation placeholders`, () => {
        expect(placeholders(tree)).toEqual(placeholders(enTree));
      });

      it(`${ns}: ${lng} has no empty texts`, () => {
        const flat = placeholders(tree);
        const empty = Object.keys(flat).filter((k) => {
          const value = k.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part], tree);
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(empty).toEqual([]);
      });
    }
  }

  it('carries the reload prompt texts of the spec in English', () => {
    expect(en.pwa.offlineReady).toBe('{{app}} is ready to work offline');
    expect(en.pwa.needRefresh).toBe(
      'A new version of {{app}} is available, click on reload button to update.',
    );
  });
});

describe('feature namespaces', () => {
  it('load even when a page asks before the app has initialised i18next', async () => {
    const { ensureNamespace, i18n } = await import('./i18n');
    await ensureNamespace('people');
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.hasResourceBundle('en', 'people')).toBe(true);
  });
});
