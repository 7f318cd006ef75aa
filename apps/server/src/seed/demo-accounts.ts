import type { Role } from '@vahub/shared/auth/roles';

export const DEMO_PASSWORD = 'demo12345';

/** The five sign-in accounts of the demo organization, listed on the login page in demo mode. */
export const DEMO_ACCOUNTS: ReadonlyArray<{
  email: string;
  role: Role;
  first: string;
  last: string;
  timezone: string;
}> = [
  {
    email: 'superadmin@example.com',
    role: 'super_admin',
    first: 'Sofia',
    last: 'Reyes',
    timezone: 'America/New_York',
  },
  { email: 'admin@example.com', role: 'admin', first: 'Adrian', last: 'Cole', timezone: 'America/Chicago' },
  { email: 'manager@example.com', role: 'manager', first: 'Maria', last: 'Santos', timezone: 'Asia/Manila' },
  {
    email: 'client@example.com',
    role: 'client',
    first: 'Claire',
    last: 'Whitman',
    timezone: 'America/Los_Angeles',
  },
  { email: 'va@example.com', role: 'va', first: 'Vince', last: 'Dela Cruz', timezone: 'Asia/Manila' },
];
