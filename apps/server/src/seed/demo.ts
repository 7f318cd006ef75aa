import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { hashPassword } from '../modules/auth/passwords';
import { organizations } from '../modules/organizations/organizations.table';
import { users } from '../modules/users/users.table';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';

type Person = {
  email: string;
  first: string;
  last: string;
  timezone: string;
  roles: string[];
  status?: 'active' | 'inactive' | 'onhold';
  company?: string;
  position?: string;
};

const MORE_MANAGERS: Person[] = [
  {
    email: 'liam.turner@example.com',
    first: 'Liam',
    last: 'Turner',
    timezone: 'Europe/London',
    roles: ['manager'],
  },
  {
    email: 'grace.lim@example.com',
    first: 'Grace',
    last: 'Lim',
    timezone: 'Asia/Singapore',
    roles: ['manager'],
  },
];

const MORE_CLIENTS: Person[] = [
  {
    email: 'ops@northwind.example.com',
    first: 'Nora',
    last: 'Hale',
    timezone: 'America/New_York',
    roles: ['client'],
    company: 'Northwind Traders',
  },
  {
    email: 'hello@brightsmile.example.com',
    first: 'Ben',
    last: 'Okafor',
    timezone: 'Europe/London',
    roles: ['client'],
    company: 'BrightSmile Dental',
  },
  {
    email: 'team@kiwi-realty.example.com',
    first: 'Aroha',
    last: 'Ngata',
    timezone: 'Pacific/Auckland',
    roles: ['client'],
    company: 'Kiwi Realty',
    status: 'onhold',
  },
  {
    email: 'founder@lumen.example.com',
    first: 'Lena',
    last: 'Fischer',
    timezone: 'Europe/Berlin',
    roles: ['client'],
    company: 'Lumen Studio',
    status: 'inactive',
  },
  {
    email: 'care@sunpath.example.com',
    first: 'Diego',
    last: 'Alvarez',
    timezone: 'America/Denver',
    roles: ['client'],
    company: 'SunPath Solar',
    status: 'onhold',
  },
];

const VA_NAMES: Array<[string, string, string]> = [
  ['Angela', 'Ramos', 'Asia/Manila'],
  ['Joshua', 'Villanueva', 'Asia/Manila'],
  ['Kristine', 'Bautista', 'Asia/Manila'],
  ['Mark', 'Aquino', 'Asia/Manila'],
  ['Patricia', 'Garcia', 'Asia/Manila'],
  ['Rafael', 'Mendoza', 'Asia/Manila'],
  ['Camille', 'Torres', 'Asia/Manila'],
  ['Nikhil', 'Sharma', 'Asia/Kolkata'],
  ['Ama', 'Mensah', 'Africa/Accra'],
  ['Lucia', 'Fernandez', 'America/Bogota'],
  ['Tomasz', 'Nowak', 'Europe/Warsaw'],
  ['Hana', 'Sato', 'Asia/Tokyo'],
];

function vaPeople(): Person[] {
  return VA_NAMES.map(([first, last, timezone], i) => ({
    email: `${`${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '')}@va.example.com`,
    first,
    last,
    timezone,
    roles: ['va'],
    position: i % 3 === 0 ? 'Executive Assistant' : i % 3 === 1 ? 'Customer Support VA' : 'Bookkeeping VA',
    status: i === VA_NAMES.length - 1 ? 'inactive' : 'active',
  }));
}

/** Seeds organization 1, "Demo Agency", with its people. Idempotent: does nothing once the demo admin exists. */
export async function seedDemo(db: Db, log: { info(msg: string): void }) {
  const [exists] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = 'admin@example.com'`);
  if (exists) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  await db
    .update(organizations)
    .set({ name: 'Demo Agency', status: 1, timezone: 'Asia/Manila' })
    .where(eq(organizations.id, 1));
  const people: Person[] = [
    ...DEMO_ACCOUNTS.map((a) => ({
      email: a.email,
      first: a.first,
      last: a.last,
      timezone: a.timezone,
      roles: [a.role],
      company: a.role === 'client' ? 'Whitman & Co. Accounting' : undefined,
    })),
    ...MORE_MANAGERS,
    ...MORE_CLIENTS,
    ...vaPeople(),
  ];
  const rows = await db
    .insert(users)
    .values(
      people.map((p) => ({
        organizationId: 1,
        email: p.email,
        passwordHash,
        firstName: p.first,
        lastName: p.last,
        timezone: p.timezone,
        roles: p.roles,
        status: p.status ?? 'active',
        companyName: p.company ?? null,
        contactPerson: p.company ? `${p.first} ${p.last}` : null,
        position: p.position ?? null,
        emailVerifiedAt: now,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const admin = rows.find((r) => r.email === 'admin@example.com');
  if (admin) await db.update(organizations).set({ ownerId: admin.id }).where(eq(organizations.id, 1));
  log.info(`Seeded the demo organization with ${rows.length} people (password ${DEMO_PASSWORD})`);
  return true;
}
