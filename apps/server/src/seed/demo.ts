import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizations, users } from '../db/schema';
import { hashPassword } from '../modules/people/public';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { seedDemoRelations } from './demo-relations';

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
  {
    email: 'priya.nair@example.com',
    first: 'Priya',
    last: 'Nair',
    timezone: 'Asia/Kolkata',
    roles: ['manager'],
  },
  {
    email: 'daniel.brooks@example.com',
    first: 'Daniel',
    last: 'Brooks',
    timezone: 'America/New_York',
    roles: ['manager', 'va'],
    position: 'Operations Lead',
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
  {
    email: 'accounts@harbor.example.com',
    first: 'Owen',
    last: 'Price',
    timezone: 'America/Chicago',
    roles: ['client'],
    company: 'Harbor Logistics',
  },
  {
    email: 'admin@petalfloral.example.com',
    first: 'Sakura',
    last: 'Mori',
    timezone: 'Asia/Tokyo',
    roles: ['client'],
    company: 'Petal Floral Design',
  },
  {
    email: 'hq@atlasfit.example.com',
    first: 'Marcus',
    last: 'Reid',
    timezone: 'Australia/Sydney',
    roles: ['client'],
    company: 'Atlas Fitness',
  },
  {
    email: 'office@greenleaf.example.com',
    first: 'Emma',
    last: 'Larsen',
    timezone: 'Europe/Oslo',
    roles: ['client'],
    company: 'Greenleaf Legal',
    status: 'inactive',
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
  ['Jasmine', 'Reyes', 'Asia/Manila'],
  ['Carlo', 'Navarro', 'Asia/Manila'],
  ['Bea', 'Santiago', 'Asia/Manila'],
  ['Paolo', 'Cruz', 'Asia/Manila'],
  ['Ria', 'Dizon', 'Asia/Manila'],
  ['Miguel', 'Castillo', 'Asia/Manila'],
  ['Trisha', 'Lopez', 'Asia/Manila'],
  ['Enzo', 'Pascual', 'Asia/Manila'],
  ['Aira', 'Domingo', 'Asia/Manila'],
  ['Jerome', 'Flores', 'Asia/Manila'],
  ['Nicole', 'Manalo', 'Asia/Manila'],
  ['Gabriel', 'Soriano', 'Asia/Manila'],
  ['Andrea', 'Castro', 'Asia/Manila'],
  ['Kevin', 'Salazar', 'Asia/Manila'],
  ['Mae', 'Valdez', 'Asia/Manila'],
  ['Ivan', 'Ocampo', 'Asia/Manila'],
  ['Lea', 'Padilla', 'Asia/Manila'],
  ['Ramon', 'Aguilar', 'Asia/Manila'],
  ['Priyanka', 'Iyer', 'Asia/Kolkata'],
  ['Arjun', 'Mehta', 'Asia/Kolkata'],
  ['Kwame', 'Boateng', 'Africa/Accra'],
  ['Efua', 'Owusu', 'Africa/Accra'],
  ['Valentina', 'Rojas', 'America/Bogota'],
  ['Santiago', 'Herrera', 'America/Bogota'],
  ['Agnieszka', 'Kowalska', 'Europe/Warsaw'],
  ['Yuki', 'Tanaka', 'Asia/Tokyo'],
  ['Thandiwe', 'Dlamini', 'Africa/Johannesburg'],
  ['Olena', 'Shevchenko', 'Europe/Kyiv'],
  ['Mariana', 'Silva', 'America/Sao_Paulo'],
  ['Ahmed', 'Hassan', 'Africa/Cairo'],
  ['Dewi', 'Lestari', 'Asia/Jakarta'],
  ['Nguyen', 'Linh', 'Asia/Ho_Chi_Minh'],
];

/** VAs (by index in VA_NAMES) who are not active: off the roster or paused. */
const VA_STATUS: Record<number, 'inactive' | 'onhold'> = {
  11: 'inactive',
  19: 'onhold',
  27: 'inactive',
  33: 'onhold',
};

function vaPeople(): Person[] {
  return VA_NAMES.map(([first, last, timezone], i) => ({
    email: `${`${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '')}@va.example.com`,
    first,
    last,
    timezone,
    roles: ['va'],
    position: i % 3 === 0 ? 'Executive Assistant' : i % 3 === 1 ? 'Customer Support VA' : 'Bookkeeping VA',
    status: VA_STATUS[i] ?? 'active',
  }));
}

/** Seeds organization 1, "Demo Agency", with its people. Idempotent: does nothing once the demo admin exists. */
export async function seedDemo(db: Db, log: { info(msg: string): void }, now = new Date()) {
  const [exists] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = 'admin@example.com'`);
  if (exists) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
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
  const idOf = new Map(rows.map((r) => [r.email, r.id]));
  const admin = idOf.get('admin@example.com');
  if (admin) await db.update(organizations).set({ ownerId: admin }).where(eq(organizations.id, 1));
  const related = await seedDemoRelations(db, idOf);
  log.info(
    `Seeded the demo organization with ${rows.length} people, ${related.teams} teams and ${related.clientManagers} client managers (password ${DEMO_PASSWORD})`,
  );
  return true;
}
