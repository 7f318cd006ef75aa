import { describe, expect, it } from 'vitest';
import { SIGNUP_MESSAGES } from '../auth/messages';
import { USER_MESSAGES } from '../users/payloads';
import { COMMON_MESSAGES, codeOf, codeOfIssue, codesOf, defineMessages, msg } from './messages';

describe('message catalog', () => {
  it('gives every catalog text its code', () => {
    expect(codeOf(SIGNUP_MESSAGES.email_taken)).toEqual({ code: 'signup.email_taken' });
    expect(codeOf('Some text nobody defined')).toBeNull();
  });

  it('names a text two domains share by the first domain alphabetically, whichever module loads first', () => {
    defineMessages('zulu', { same: 'A text two domains share', count: 'At most {{max}} shared widgets' });
    defineMessages('alpha', { same: 'A text two domains share', count: 'At most {{max}} shared widgets' });
    defineMessages('mike', { same: 'A text two domains share', count: 'At most {{max}} shared widgets' });
    expect(codeOf('A text two domains share')).toEqual({ code: 'alpha.same' });
    expect(codeOf('At most 3 shared widgets')).toEqual({ code: 'alpha.count', params: { max: 3 } });
  });

  it('fills templates and reads their parameters back', () => {
    const text = msg(USER_MESSAGES.user_limit, { max: 25 });
    expect(text).toBe('Your plan allows 25 active users. Upgrade the plan or deactivate someone first.');
    expect(codeOf(text)).toEqual({ code: 'users.user_limit', params: { max: 25 } });
    expect(codeOf(msg(COMMON_MESSAGES.at_most, { max: 120 }))).toEqual({
      code: 'common.at_most',
      params: { max: 120 },
    });
  });

  it('keeps text parameters as text and escapes the template', () => {
    const m = defineMessages('test', { quoted: 'Block (#{{id}}) of "{{name}}" costs $1.' });
    expect(codeOf(msg(m.quoted, { id: 7, name: 'Support (day)' }))).toEqual({
      code: 'test.quoted',
      params: { id: 7, name: 'Support (day)' },
    });
  });

  it('derives codes of zod issues the catalog does not know', () => {
    expect(codeOfIssue({ code: 'too_small', origin: 'string', minimum: 8, message: 'x' })).toEqual({
      code: 'common.too_short',
      params: { minimum: 8 },
    });
    expect(codeOfIssue({ code: 'too_big', origin: 'number', maximum: 60, message: 'x' })).toEqual({
      code: 'common.too_big',
      params: { maximum: 60 },
    });
    expect(codeOfIssue({ code: 'invalid_type', expected: 'number', input: undefined })).toEqual({
      code: 'common.required',
    });
    expect(codeOfIssue({ code: 'invalid_type', message: SIGNUP_MESSAGES.email_required })).toEqual({
      code: 'signup.email_required',
    });
  });

  it('maps a problem’s errors to codes field by field', () => {
    expect(codesOf({ email: [SIGNUP_MESSAGES.email_invalid], x: ['free text'] })).toEqual({
      email: [{ code: 'signup.email_invalid' }],
      x: [{ code: 'common.invalid' }],
    });
  });
});
