import { type Role, roleNames } from './roles';

/**
 * One permission map for the whole product. Every endpoint contract names the permission it needs, the
 * server's route guard enforces it (before the body is read), and the web uses `can` to show only what a
 * user may do. Scope (which rows) is the viewer's business, not this map's.
 */
export const PERMISSIONS = {
  // Installation (super admin)
  'outbox.read': ['super_admin'],
  /** The organizations directory: list them, suspend, change plan and seats. */
  'organizations.manage': ['super_admin'],
  /** Users of every organization. */
  'users.read_all_organizations': ['super_admin'],
  // The own organization
  /** `GET organization`: every role reads its own (the web's gate needs it). */
  'organization.read': ['super_admin', 'admin', 'manager', 'client', 'va'],
  /** The organization's settings: name, default time zone, contract defaults. */
  'settings.manage': ['super_admin', 'admin'],
  'subscription.choose': ['super_admin', 'admin'],
  'audit.read': ['super_admin', 'admin'],
  // People
  /** Everyone of the organization: create, change, delete, passwords, sessions, client managers. */
  'users.manage': ['super_admin', 'admin'],
  /** The people a manager supervises (their clients, the VAs under them, the members of teams they lead). */
  'users.read_scoped': ['manager'],
  /** Client lists: an admin's of the organization, a manager's own. */
  'clients.read': ['super_admin', 'admin', 'manager'],
  /** `POST manager-access/clients`: a manager adds a client of their own (admins create users). */
  'clients.create': ['manager'],
  'teams.read': ['super_admin', 'admin', 'manager', 'client', 'va'],
  'teams.manage': ['super_admin', 'admin'],
  /** Your own profile, password and avatar. */
  'profile.update_own': ['super_admin', 'admin', 'manager', 'client', 'va'],
  // Contracts and schedules
  'contracts.manage': ['super_admin', 'admin'],
  'contracts.read_own': ['client', 'va'],
  /** A manager's reads of their clients' contracts (pay only where the organization allows, issue 30). */
  'contracts.read_scoped': ['manager'],
  'schedules.read': ['super_admin', 'admin', 'manager', 'client'],
  'schedules.edit': ['super_admin', 'admin', 'client'],
  // Attendance and tracking
  /** Every attendance of the organization, pings, logs, timeblocks, calendar. */
  'attendance.read_all': ['super_admin', 'admin'],
  /** The attendance of the VAs in a manager's scope. */
  'attendance.read_scoped': ['manager'],
  /** A client's own VAs: online list, attendance, stats. */
  'attendance.read_own_vas': ['client'],
  /** Ends a VA's ongoing attendance (forced logout). */
  'attendance.logout': ['super_admin', 'admin', 'manager'],
  /** Moves an attendance's date, rebuilds a contract's upcoming shifts. */
  'attendance.manage': ['super_admin', 'admin'],
  /** The tracker protocol and the VA's own attendance. */
  'attendance.track': ['va'],
  // Screenshots
  /** Every screenshot of the organization; delete any. */
  'screenshots.read_all': ['super_admin', 'admin'],
  /** The screenshots of the VAs in a manager's scope. */
  'screenshots.read_scoped': ['manager'],
  /** A client's own VAs' screenshots. */
  'screenshots.read_own_vas': ['client'],
  /** Ask a VA's tracker for a screenshot now (within scope, where the contract allows on-demand captures). */
  'screenshots.take': ['super_admin', 'admin', 'manager', 'client'],
  /** A VA's own: upload from a tracker, list, delete within the organization's grace period. */
  'screenshots.own': ['va'],
  // Timesheets and reports (issue 13)
  /** Every timesheet and report of the organization; export. */
  'timesheets.read_all': ['super_admin', 'admin'],
  /** The timesheets and reports of the VAs in a manager's scope; export. */
  'timesheets.read_scoped': ['manager'],
  /** A client's own VAs' timesheets and daily report; export. */
  'timesheets.read_own_vas': ['client'],
  /** Adjust, approve or reject a timesheet (a manager within scope). */
  'timesheets.decide': ['super_admin', 'admin', 'manager'],
  /** Reopen an approved (frozen) timesheet. */
  'timesheets.reopen': ['super_admin', 'admin'],
  /** Approve or dispute a week of a VA's timesheets (the client of those contracts). */
  'timesheets.sign_off': ['client'],
  /** A VA's own timesheets and weeks; answer a dispute. */
  'timesheets.own': ['va'],
  // Requests and notifications (issue 14)
  /** Every request of the organization; delete any. */
  'requests.read_all': ['super_admin', 'admin'],
  /** The requests of the VAs in a manager's scope. */
  'requests.read_scoped': ['manager'],
  /** Approve or reject (a manager within scope). */
  'requests.decide': ['super_admin', 'admin', 'manager'],
  /** A VA's own: ask, list, cancel a pending one, count leave days. */
  'requests.own': ['va'],
  /** The organization's notification log about VAs. */
  'notifications.read_all': ['super_admin', 'admin'],
  // Projects and tasks (issue 15)
  /** Every project, board, task and comment of the organization; columns too. */
  'projects.read_all': ['super_admin', 'admin'],
  /** The projects of a manager's clients, their tasks and comments. */
  'projects.read_scoped': ['manager'],
  /** A client's own projects, boards (columns too), tasks and comments. */
  'projects.own': ['client'],
  /** A VA: the projects of clients they hold an active contract with; see, move and comment tasks. */
  'projects.va': ['va'],
  /** The organization's general tasks. */
  'general_tasks.manage': ['super_admin', 'admin'],
  // AI reports (issue 28)
  /** Prompts, analyses of any attendance, batches, analytics reports and the organization's AI settings. */
  'ai.manage': ['super_admin', 'admin'],
  /** The results about the VAs in a manager's scope. */
  'ai.read_scoped': ['manager'],
  /** A client's own VAs: results, batches and analytics reports. */
  'ai.own_vas': ['client'],
  /** A VA: every result about them, and a note on it. */
  'ai.own': ['va'],
  /** An organization's monthly token budget. */
  'ai.budget': ['super_admin'],
  // Operations (issue 33)
  /** The scheduled backups' runs. */
  'backups.read': ['super_admin'],
  // Webhooks (issue 31)
  /** The organization's webhook endpoints, their secrets (once) and delivery logs. */
  'webhooks.manage': ['super_admin', 'admin'],
  // Integrations (issue 31)
  /** Your own personal API tokens and calendar feeds (a session manages them; a token cannot). */
  'integrations.own': ['super_admin', 'admin', 'manager', 'client', 'va'],
  /** The organization's API tokens: list and revoke anyone's. */
  'tokens.manage': ['super_admin', 'admin'],
  // Invoices and payroll (issue 30)
  /** The organization's client invoices and the invoicing settings. */
  'invoices.manage': ['super_admin', 'admin'],
  /** The invoices of a manager's clients, where the organization lets managers handle invoices. */
  'invoices.scoped': ['manager'],
  /** A client's own issued and paid invoices. */
  'invoices.own': ['client'],
  /** Payroll runs and their exports. */
  'payroll.manage': ['super_admin', 'admin'],
  /** A VA's own earnings. */
  'earnings.own': ['va'],
  // Data export and erasure (issue 33)
  /** Export the organization's data. */
  'data.export_all': ['super_admin', 'admin'],
  /** Export a client's own contracts and their VAs' data. */
  'data.export_own_vas': ['client'],
  /** Export everything recorded about yourself (a VA). */
  'data.export_own': ['va'],
  /** Erase a person's personal data; set the erasure period. */
  'data.erase': ['super_admin', 'admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export const isPermission = (value: string): value is Permission => Object.hasOwn(PERMISSIONS, value);

export function can(
  user: { roles: ReadonlyArray<{ name: string }> | ReadonlyArray<string> },
  permission: Permission,
) {
  const allowed: readonly Role[] = PERMISSIONS[permission];
  return roleNames(user).some((r) => allowed.includes(r));
}
