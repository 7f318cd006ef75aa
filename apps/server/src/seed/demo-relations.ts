import type { Db } from '../db/client';
import { clientManagers, teamMembers, teams } from '../db/schema';

/** Which manager supervises which demo client (manager@example.com has the sign-in client and two more). */
const CLIENT_MANAGERS: Array<[manager: string, clients: string[]]> = [
  [
    'manager@example.com',
    ['client@example.com', 'ops@northwind.example.com', 'hello@brightsmile.example.com'],
  ],
  [
    'liam.turner@example.com',
    ['team@kiwi-realty.example.com', 'founder@lumen.example.com', 'hello@brightsmile.example.com'],
  ],
  ['grace.lim@example.com', ['care@sunpath.example.com', 'admin@petalfloral.example.com']],
  ['priya.nair@example.com', ['accounts@harbor.example.com', 'hq@atlasfit.example.com']],
  ['daniel.brooks@example.com', ['office@greenleaf.example.com', 'ops@northwind.example.com']],
];

const va = (first: string, last: string) =>
  `${`${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '')}@va.example.com`;

/** Demo teams: a leader and members (by email); manager@example.com leads Customer Support. */
const TEAMS: Array<{ name: string; description: string; leader: string; members: string[] }> = [
  {
    name: 'Customer Support',
    description: 'Inbox, chat and phone support for our clients',
    leader: 'manager@example.com',
    members: [
      'va@example.com',
      va('Joshua', 'Villanueva'),
      va('Rafael', 'Mendoza'),
      va('Jasmine', 'Reyes'),
      va('Carlo', 'Navarro'),
      va('Ria', 'Dizon'),
      va('Ama', 'Mensah'),
      va('Valentina', 'Rojas'),
    ],
  },
  {
    name: 'Bookkeeping',
    description: 'Invoices, reconciliation and month-end close',
    leader: 'grace.lim@example.com',
    members: [
      va('Kristine', 'Bautista'),
      va('Camille', 'Torres'),
      va('Paolo', 'Cruz'),
      va('Tomasz', 'Nowak'),
      va('Arjun', 'Mehta'),
    ],
  },
  {
    name: 'Executive Assistants',
    description: 'Calendars, travel and inbox management for founders',
    leader: 'liam.turner@example.com',
    members: [
      va('Angela', 'Ramos'),
      va('Mark', 'Aquino'),
      va('Hana', 'Sato'),
      va('Bea', 'Santiago'),
      va('Lucia', 'Fernandez'),
    ],
  },
  {
    name: 'Night Shift',
    description: 'Coverage for clients in the Americas',
    leader: 'daniel.brooks@example.com',
    members: [
      va('Miguel', 'Castillo'),
      va('Trisha', 'Lopez'),
      va('Enzo', 'Pascual'),
      va('Nikhil', 'Sharma'),
      va('Santiago', 'Herrera'),
    ],
  },
];

/** Client managers and teams of the demo people; unknown emails are skipped so the lists can evolve. */
export async function seedDemoRelations(db: Db, idOf: Map<string, number>) {
  const pairs = CLIENT_MANAGERS.flatMap(([manager, clients]) =>
    clients.map((client) => ({ clientId: idOf.get(client), managerId: idOf.get(manager) })),
  ).filter((p): p is { clientId: number; managerId: number } => Boolean(p.clientId && p.managerId));
  if (pairs.length) await db.insert(clientManagers).values(pairs);

  const created = await db
    .insert(teams)
    .values(
      TEAMS.map((t) => ({
        organizationId: 1,
        name: t.name,
        description: t.description,
        leaderId: idOf.get(t.leader) ?? null,
      })),
    )
    .returning({ id: teams.id, name: teams.name });
  const members = TEAMS.flatMap((t) => {
    const teamId = created.find((c) => c.name === t.name)?.id;
    return t.members
      .map((email) => idOf.get(email))
      .filter((userId): userId is number => Boolean(teamId && userId))
      .map((userId) => ({ teamId: teamId as number, userId }));
  });
  if (members.length) await db.insert(teamMembers).values(members);
  return { clientManagers: pairs.length, teams: created.length, members: members.length };
}
