import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { ApiError } from '../../../lib/normalize-error';
import { requestFieldErrors, requestProblemMessage } from './messages';
import { signIn } from './test-utils';

beforeAll(async () => {
  await signIn();
  await i18n.changeLanguage('de');
  const { ensureNamespace } = await import('../../../lib/i18n');
  await ensureNamespace('requests');
  await ensureNamespace('errors');
});

describe("the requests API's own words", () => {
  it('are said in the user’s language inside its messages', () => {
    const t = i18n.getFixedT('de');
    const text = 'You have 2 vacation days left in 2026: this request needs 4';
    const error = new ApiError({
      message: text,
      status: 422,
      errors: { target_end_date: [text] },
      codes: {
        target_end_date: [
          { code: 'requests.balance_exceeded', params: { left: 2, pool: 'vacation', year: 2026, days: 4 } },
        ],
      },
    });
    expect(requestFieldErrors(t, error)).toEqual({
      target_end_date: 'Sie haben in 2026 noch 2 von Ihren Urlaubstagen: dieser Antrag braucht 4',
    });
    const decided = new ApiError({
      message: 'This request is already approved',
      status: 422,
      messageCode: { code: 'requests.same_decision', params: { status: 'approved' } },
    });
    expect(requestProblemMessage(t, decided)).toBe('Dieser Antrag ist bereits genehmigt');
  });
});
