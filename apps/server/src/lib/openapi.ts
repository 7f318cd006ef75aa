import type { Config } from '../config';

/** The repository's licence (package.json `license`), as the API document states it. */
export const LICENSE = { name: 'MIT', identifier: 'MIT' } as const;

/** One tag per domain, in the order the reference shows them. Every tag a contract names is described here. */
export const TAGS = {
  auth: 'Sign-in (OAuth password grant, OpenID Connect single sign-on), token refresh, sign-out, agency sign-up and email verification',
  account: "The signed-in user's own profile, password and avatar",
  invitations: 'Invitation links of people an admin added: check, accept (choose a password), resend',
  system:
    'Health, public facts about the installation, roles, download links of the desktop agent, first-run setup',
  organization: "The caller's organization and the plans on offer",
  settings: "The organization's settings (admins)",
  billing:
    "Subscriptions through the payment provider: checkout, the customer portal, invoices, webhooks; the super admin's plans",
  users: 'People of the organization: VAs, managers, clients, admins; passwords and sessions',
  clients: 'Clients with their status and the managers assigned to them',
  teams: 'Teams with their leaders and members',
  'super-admin': 'Organizations of the installation and their users (super admins)',
  'mail-accounts': "Mail accounts on a grommunio server: remove a user's mailbox",
  mail: 'The mail outbox (super admins; mail stays there without SMTP)',
  audit: 'The audit log of every change (admins)',
  contracts: 'Contracts between a VA and a client, their settings, activation, copies to other VAs',
  schedules: "Contracts' weekly schedules and who is scheduled today",
  attendance:
    "Shifts built from the schedules, the trackers' clock-in, pings and clock-out, presence, activity and logs",
  screenshots: 'Captures the trackers upload, galleries, on-demand requests and removal',
  timesheets: 'One timesheet per started shift: adjustments, decisions, client sign-off and exports',
  reports: 'Attendance, daily, summary and team reports with their XLSX and CSV exports',
  requests: 'Leave, absence, overtime and make-up shift requests and their decisions',
  invoices:
    'Client invoices from approved time: drafts, issue (numbered, the time locked, mailed with the PDF), paid, void; the invoicing settings',
  payroll: "VA payroll runs from approved time, their exports, and a VA's own earnings",
  notifications: 'The feed of each person, mail switches, and the log of notifications about VAs',
  projects:
    'Projects per client with task boards, tasks, comments, general tasks and the time tracked on them',
  directory:
    'The directory (LDAP): search entries, create one for a user, link and unlink; the connection, its test and the sync',
  tokens:
    "Personal API tokens: one's own (created from a session; the token is shown once) and, for admins, the organization's",
  calendar:
    "iCalendar feeds behind secret links: shifts, approved leave, a client's VAs' shifts; their links and reset",
  ai: "AI attendance reports: prompts, analyses of one attendance with their evidence, summary batches, analytics reports and the VA's note",
  webhooks:
    "An admin's webhook endpoints: signed POSTs of the organization's events (`VAHub-Signature`), a test ping, the delivery log and redelivery",
  'data-rights':
    "Data export and erasure: ZIP exports of the organization's, a client's or a VA's data as jobs with a signed download, erasing a person, the erasure period",
} as const;

/** The document's frame (the operations come from the endpoint contracts, lib/route.ts). */
export function openApiOptions(config: Pick<Config, 'APP_NAME' | 'appUrl' | 'version'>) {
  return {
    openapi: '3.1.0',
    info: {
      title: `${config.APP_NAME} API`,
      version: config.version,
      description: 'Workforce platform for agencies of remote virtual assistants.',
      license: LICENSE,
    },
    servers: [{ url: config.appUrl, description: 'This installation (APP_URL)' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: {
        bearer: {
          type: 'http' as const,
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: "A session's access token (`POST /oauth/token`)",
        },
        apiToken: {
          type: 'http' as const,
          scheme: 'bearer',
          bearerFormat: 'vah_…',
          description:
            "A personal API token (`Authorization: Bearer vah_…`, made in the profile or `POST /api/v1/tokens`): acts as its owner with the owner's role and scope; a `read` token may only GET (else 403 `insufficient_scope`); each token makes at most API_TOKEN_RATE_LIMIT requests an hour (429 with `Retry-After`; every answer carries `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`). Tokens cannot manage tokens or calendar feeds.",
        },
      },
    },
    security: [{ bearer: [] }, { apiToken: [] }] as Array<Record<string, string[]>>,
  };
}
