import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../locales/common/en.json';
import en from '../locales/en.json';

export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'de', label: 'Deutsch' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
  { value: 'zh', label: '中文' },
] as const;
export type Language = (typeof LANGUAGES)[number]['value'];

export const LOCALE_KEY = 'locale';

type Translations = typeof en;

// English ships in the entry; the others load when chosen, to keep the first page small.
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Translations }>> = {
  de: () => import('../locales/de.json'),
  es: () => import('../locales/es.json'),
  fr: () => import('../locales/fr.json'),
  zh: () => import('../locales/zh.json'),
};

export const isLanguage = (value: string | null): value is Language =>
  LANGUAGES.some((l) => l.value === value);

export function storedLanguage(): Language {
  const stored = localStorage.getItem(LOCALE_KEY);
  return isLanguage(stored) ? stored : 'en';
}

type Bundle = { default: Record<string, unknown> };

/**
 * Namespaces beyond the shell's: `common` (words every feature uses; English ships in the entry) and
 * `errors` (the API's message codes) in `locales/<ns>/`, and one per feature in
 * `features/<name>/locales/`. They load with the pages that use them, in the current language and the
 * English fallback, so the first page carries only the shell's texts.
 */
const namespaceFiles: Record<string, () => Promise<Bundle>> = {};
for (const [path, load] of Object.entries({
  ...import.meta.glob<Bundle>('../locales/*/*.json'),
  ...import.meta.glob<Bundle>('../features/*/locales/*.json'),
})) {
  const [, ns, lng] = /\/([^/]+)\/(?:locales\/)?(\w+)\.json$/.exec(path) ?? [];
  if (ns && lng) namespaceFiles[`${ns}/${lng}`] = load;
}
/** Namespaces the shell and every page use. */
export const SHELL_NAMESPACES = ['common', 'errors'] as const;
const loadedNamespaces = new Set<string>(SHELL_NAMESPACES);

async function loadNamespace(ns: string, lng: Language) {
  if (i18n.hasResourceBundle(lng, ns)) return;
  const load = namespaceFiles[`${ns}/${lng}`];
  if (!load) return;
  i18n.addResourceBundle(lng, ns, (await load()).default);
}

/** Makes a feature's texts available (current language and the English fallback) before its page renders. */
export async function ensureNamespace(ns: string): Promise<void> {
  // The router may load the first page before main.tsx has finished initialising; wait for it.
  await initI18n();
  loadedNamespaces.add(ns);
  const lng = isLanguage(i18n.language) ? i18n.language : 'en';
  await Promise.all([loadNamespace(ns, 'en'), loadNamespace(ns, lng)]);
}

export async function setLanguage(lng: Language): Promise<void> {
  if (lng !== 'en' && !i18n.hasResourceBundle(lng, 'translation')) {
    const mod = await loaders[lng]();
    i18n.addResourceBundle(lng, 'translation', mod.default);
  }
  await Promise.all([...loadedNamespaces].map((ns) => loadNamespace(ns, lng)));
  localStorage.setItem(LOCALE_KEY, lng);
  document.documentElement.lang = lng;
  await i18n.changeLanguage(lng);
}

let ready: Promise<typeof i18n> | null = null;

/** Initialises i18next once (later calls share the first), then applies the stored language. */
export function initI18n(): Promise<typeof i18n> {
  ready ??= init();
  return ready;
}

async function init(): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: 'en',
      fallbackLng: 'en',
      resources: { en: { translation: en, common: enCommon } },
      ns: ['translation', 'common'],
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  }
  const lng = storedLanguage();
  if (lng !== i18n.language) await setLanguage(lng);
  return i18n;
}

export { i18n };
