// `npm run create-admin`: creates the first super admin in the home organization (id 1).
// Reads ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_FIRST_NAME, ADMIN_LAST_NAME, or asks for them.
import { createInterface } from 'node:readline/promises';
import { emailField, passwordField } from '@vahub/shared/auth/schemas';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { ZodError } from 'zod';
import { prepareDatabase } from '../bootstrap';
import { loadConfig } from '../config';
import { users } from '../db/schema';
import { hashPassword, passwordProblems } from '../modules/people/public';

async function ask(rl: ReturnType<typeof createInterface> | null, question: string, given?: string) {
  if (given) return given;
  if (!rl) throw new Error(`${question} is required (set it in the environment)`);
  return (await rl.question(`${question}: `)).trim();
}

async function main() {
  const config = { ...loadConfig(), seedDemo: false };
  const rl = process.stdin.isTTY ? createInterface({ input: process.stdin, output: process.stdout }) : null;
  const email = emailField.parse(await ask(rl, 'Email', process.env.ADMIN_EMAIL));
  const password = passwordField.parse(await ask(rl, 'Password (8+ characters)', process.env.ADMIN_PASSWORD));
  const firstName = await ask(rl, 'First name', process.env.ADMIN_FIRST_NAME ?? 'Super');
  const lastName = await ask(rl, 'Last name', process.env.ADMIN_LAST_NAME ?? 'Admin');
  rl?.close();
  const weak = passwordProblems(password, { email });
  if (weak.length) throw new Error(weak.join(' '));

  const database = await prepareDatabase(config, pino({ level: 'warn' }));
  try {
    const [taken] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    if (taken) throw new Error(`A user with the email ${email} already exists.`);
    await database.db.insert(users).values({
      organizationId: 1,
      email,
      passwordHash: await hashPassword(password),
      firstName,
      lastName,
      roles: ['super_admin'],
      status: 'active',
      emailVerifiedAt: new Date(),
    });
    console.log(`Super admin ${email} created. Sign in at ${config.appUrl}/auth/login`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  if (err instanceof ZodError) console.error(err.issues.map((i) => i.message).join('\n'));
  else console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
