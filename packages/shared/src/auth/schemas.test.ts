import { describe, expect, it } from 'vitest';
import { SIGNUP_MESSAGES } from './messages';
import { registerSchema } from './schemas';

const valid = {
  company_name: 'Acme',
  first_name: 'Ana',
  last_name: 'Lee',
  email: 'ana@acme.test',
  password: 'abcdefgh',
  password_confirmation: 'abcdefgh',
  timezone: 'Asia/Manila',
};
const messagesFor = (patch: Record<string, unknown>) => {
  const r = registerSchema.safeParse({ ...valid, ...patch });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('registerSchema', () => {
  it('accepts a valid payload and lowercases the email', () => {
    expect(registerSchema.parse({ ...valid, email: 'Ana@ACME.test' }).email).toBe('ana@acme.test');
  });

  it.each([
    [{ company_name: '' }, 'company_name', SIGNUP_MESSAGES.company_required],
    [{ first_name: '' }, 'first_name', SIGNUP_MESSAGES.first_name_required],
    [{ last_name: '' }, 'last_name', SIGNUP_MESSAGES.last_name_required],
    [{ email: '' }, 'email', SIGNUP_MESSAGES.email_required],
    [{ email: 'ana.acme.test' }, 'email', SIGNUP_MESSAGES.email_invalid],
    [{ password: '' }, 'password', SIGNUP_MESSAGES.password_required],
    [{ password: 'abc', password_confirmation: 'abc' }, 'password', SIGNUP_MESSAGES.password_too_short],
    [{ password_confirmation: '' }, 'password_confirmation', SIGNUP_MESSAGES.confirmation_required],
    [{ password_confirmation: 'abcdefgX' }, 'password_confirmation', SIGNUP_MESSAGES.confirmation_mismatch],
  ])('%o -> %s: %s', (patch, field, message) => {
    expect(messagesFor(patch)[field]).toBe(message);
  });

  it('keeps the spec wording exactly, typos included', () => {
    expect(SIGNUP_MESSAGES.password_too_short).toBe('The password should contains at leat 8 characters');
    expect(SIGNUP_MESSAGES.name_required).toBe('Your first name is required');
  });
});
