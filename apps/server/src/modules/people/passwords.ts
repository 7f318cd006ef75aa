import { hash, verify } from '@node-rs/argon2';
import { AUTH_MESSAGES } from '@vahub/shared/auth/messages';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../lib/errors';

// A user's password, hashed and checked against the policy: pure functions of the password (and the user's
// email), so they live with the users who own the passwords. They were auth's, which made people import auth
// (a layer above it); auth's sign-in, registration and invitations now import them from people/public.

// 2 = Argon2id (the package's const enum cannot be imported under isolatedModules).
const ARGON2ID = 2;

const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

// Verified against when the email is unknown, so a wrong email costs the same time as a wrong password.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

// zxcvbn's list of the most common passwords (about 49,000, from breach corpora), read once, lower case.
let common: Set<string> | null = null;
const commonPasswords = () => {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
};

/**
 * What is wrong with a password about to be set, as catalog messages (none: it may be used). The schemas
 * check the length; this checks what they cannot: the password is not the person's email or its name
 * part (case-insensitive), and not one of the most common passwords.
 */
export function passwordProblems(password: string, context: { email?: string | null } = {}): string[] {
  const problems: string[] = [];
  const lower = password.trim().toLowerCase();
  const email = context.email?.trim().toLowerCase();
  if (email && (lower === email || lower === email.split('@')[0]))
    problems.push(AUTH_MESSAGES.password_is_email);
  if (commonPasswords().has(lower)) problems.push(AUTH_MESSAGES.password_common);
  return problems;
}

/** Refuses (422 on `field`) a password `passwordProblems` finds fault with. */
export function assertPasswordAllowed(
  password: string,
  context: { email?: string | null },
  field = 'password',
): void {
  const problems = passwordProblems(password, context);
  if (problems.length) throw new AppError('validation', problems[0], { [field]: problems });
}
