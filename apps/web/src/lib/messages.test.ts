import { catalogEntries } from '@vahub/shared/api/messages';
import { describe, expect, it } from 'vitest';
import en from '../locales/errors/en.json';

// Every module of `packages/shared`, so each message set registers itself and the catalog is complete.
import.meta.glob(['../../../../packages/shared/src/**/*.ts', '!**/*.test.ts'], { eager: true });

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flatten(v, `${prefix}${k}.`)),
    ),
  );
}

describe('the errors namespace', () => {
  const catalog = catalogEntries();
  const english = flatten(en as Tree);

  it('says every code of the message catalog, in English exactly as the API does', () => {
    expect(english).toEqual(catalog);
  });
});

describe('translating a problem', () => {
  it('uses the codes of a problem, in the user’s language, and falls back to the English text', async () => {
    const { ApiError } = await import('./normalize-error');
    const { problemFieldErrors, problemMessage } = await import('./form-errors');
    const t = ((key: string, opts: { defaultValue: string; max?: number }) =>
      key === 'errors:users.user_limit' ? `Nur ${opts.max} aktive Benutzer` : opts.defaultValue) as never;
    const error = new ApiError({
      message: 'Your plan allows 3 active users. Upgrade the plan or deactivate someone first.',
      status: 422,
      errors: { status: ['Your plan allows 3 active users. Upgrade the plan or deactivate someone first.'] },
      codes: { status: [{ code: 'users.user_limit', params: { max: 3 } }] },
      messageCode: { code: 'users.user_limit', params: { max: 3 } },
    });
    expect(problemFieldErrors(t, error)).toEqual({ status: 'Nur 3 aktive Benutzer' });
    expect(problemMessage(t, error)).toBe('Nur 3 aktive Benutzer');
    const unknown = new ApiError({ message: 'Odd', status: 422, errors: { x: ['Odd'] } });
    expect(problemFieldErrors(t, unknown)).toEqual({ x: 'Odd' });
  });
});
