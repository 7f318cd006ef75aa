/**
 * One catalog of the messages the API and the forms speak. Each message has a code (`domain.key`) and an
 * English text (what the spec's client shows); a text may hold `{{name}}` parameters. Problems carry the
 * English text in `errors` and the code with its parameters in `codes`, so a client can say it in the
 * user's language. The catalog is the only place that maps a text back to its code.
 */
export type MessageParams = Record<string, string | number>;
export type CodedMessage = { code: string; params?: MessageParams };

type Entry = { code: string; template: string; pattern: RegExp | null; names: string[] };

const exact = new Map<string, Entry>();
const templated: Entry[] = [];

const PARAM = /\{\{(\w+)\}\}/g;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function register(code: string, template: string) {
  const names = [...template.matchAll(PARAM)].map((m) => m[1]);
  if (!names.length) {
    // Two domains may share a text: the first domain in alphabetical order names it (within a domain, its first
    // key), so a text has one code whatever order the domains' modules load in.
    const named = exact.get(template);
    if (!named || domainOf(code) < domainOf(named.code))
      exact.set(template, { code, template, pattern: null, names });
    return;
  }
  const source = template
    .split(PARAM)
    .map((part, i) => (i % 2 === 1 ? '(.+?)' : escapeRegExp(part)))
    .join('');
  templated.push({ code, template, pattern: new RegExp(`^${source}$`), names });
  // The most specific template first: "At most {{max}} characters" before "At most {{max}}"; a template two
  // domains share, by domain (as exact texts are), whatever order their modules load in.
  templated.sort(
    (a, b) =>
      literalLength(b.template) - literalLength(a.template) ||
      (domainOf(a.code) < domainOf(b.code) ? -1 : domainOf(a.code) > domainOf(b.code) ? 1 : 0),
  );
}

/** A code's domain: `screenshots` of `screenshots.file_type`. */
const domainOf = (code: string) => code.slice(0, code.indexOf('.'));

const literalLength = (template: string) => template.replace(PARAM, '').length;

/**
 * Registers a domain's messages and returns them unchanged, so `MESSAGES.key` stays the English text
 * (or template) that schemas and services use.
 */
export function defineMessages<const T extends Record<string, string>>(domain: string, texts: T): T {
  for (const [key, text] of Object.entries(texts)) register(`${domain}.${key}`, text);
  return texts;
}

/** Every registered message, code → English text (for the translation completeness test). */
export function catalogEntries(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of [...exact.values(), ...templated]) out[entry.code] = entry.template;
  return out;
}

/** Fills a template's `{{name}}` parameters. */
export function msg(template: string, params: MessageParams): string {
  return template.replace(PARAM, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}

/** The code (and parameters) of a catalog text, or null for a text the catalog does not know. */
export function codeOf(text: string): CodedMessage | null {
  const hit = exact.get(text);
  if (hit) return { code: hit.code };
  for (const entry of templated) {
    const m = entry.pattern?.exec(text);
    if (!m) continue;
    const params: MessageParams = {};
    entry.names.forEach((name, i) => {
      const raw = m[i + 1];
      params[name] = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    });
    return { code: entry.code, params };
  }
  return null;
}

/** Words every form uses, and the generic checks of the schemas. */
export const COMMON_MESSAGES = defineMessages('common', {
  at_most: 'At most {{max}} characters',
  required: 'This field is required',
  invalid: 'This value is not valid',
  invalid_date: 'Enter a date (YYYY-MM-DD)',
  invalid_email: 'Enter a valid email address',
  too_small: 'Must be at least {{minimum}}',
  too_big: 'Must be at most {{maximum}}',
  too_short: 'Must be at least {{minimum}} characters',
  too_many: 'Choose at most {{maximum}}',
  not_a_number: 'Enter a number',
  whole_number: 'Enter a whole number',
  at_least_n: 'At least {{min}}',
  at_most_n: 'At most {{max}}',
  choose_one: 'Choose one of the options',
  invalid_character: 'This text holds a character that is not allowed (U+0000).',
  broken_character: 'This text holds a broken character (half of an emoji or symbol). Type it again.',
});

/** A zod issue as `fastify-type-provider-zod` or `safeParse` reports it. */
export type IssueLike = { code?: string; message?: string; params?: Record<string, unknown> } & Record<
  string,
  unknown
>;

const num = (v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? Number(v) : undefined);

/**
 * The code of one validation issue: the catalog's when the schema gave a catalog message, otherwise one
 * derived from zod's own issue code (with its limits as parameters).
 */
export function codeOfIssue(issue: IssueLike): CodedMessage {
  const known = issue.message ? codeOf(issue.message) : null;
  if (known) return known;
  const p = { ...(issue.params ?? {}), ...issue } as Record<string, unknown>;
  switch (issue.code) {
    case 'too_small': {
      const minimum = num(p.minimum);
      if (p.origin === 'string') return { code: 'common.too_short', params: { minimum: minimum ?? 0 } };
      return { code: 'common.too_small', params: { minimum: minimum ?? 0 } };
    }
    case 'too_big': {
      const maximum = num(p.maximum);
      if (p.origin === 'string') return { code: 'common.at_most', params: { max: maximum ?? 0 } };
      if (p.origin === 'array') return { code: 'common.too_many', params: { maximum: maximum ?? 0 } };
      return { code: 'common.too_big', params: { maximum: maximum ?? 0 } };
    }
    case 'invalid_type':
      if (p.input === undefined || p.input === null) return { code: 'common.required' };
      return p.expected === 'number' ? { code: 'common.not_a_number' } : { code: 'common.invalid' };
    case 'invalid_value':
      return { code: 'common.choose_one' };
    case 'invalid_format':
      return p.format === 'email' ? { code: 'common.invalid_email' } : { code: 'common.invalid' };
    default:
      return { code: 'common.invalid' };
  }
}

/** `codes` of a problem: the code of every message of every field. */
export function codesOf(errors: Record<string, string[]>): Record<string, CodedMessage[]> {
  const out: Record<string, CodedMessage[]> = {};
  for (const [field, texts] of Object.entries(errors)) {
    out[field] = texts.map((t) => codeOf(t) ?? { code: 'common.invalid' });
  }
  return out;
}

/** What the HTTP layer answers before a route runs: unreadable requests, wrong methods, oversized parts. */
export const HTTP_MESSAGES = defineMessages('http', {
  bad_request: 'The request could not be read.',
  invalid_json: 'The request body is not valid JSON.',
  not_found: 'There is nothing at this address.',
  method_not_allowed: 'This address does not accept this method.',
  payload_too_large: 'The request is too large.',
  uri_too_long: 'The address of the request is too long.',
  headers_too_large: 'The headers of the request are too large.',
  unsupported_media_type: 'This content type is not supported here.',
  disk_full: 'The server’s disk is full: nothing was saved. Tell your administrator.',
});
