// The schema drizzle-kit reads; each module owns its table file.
export * from '../modules/ai/ai.table';
export * from '../modules/attendance/attendance.table';
export * from '../modules/audit/audit.table';
export * from '../modules/auth/auth.table';
export * from '../modules/billing/billing.table';
export * from '../modules/contracts/contracts.table';
export * from '../modules/mail/mail.table';
export * from '../modules/notifications/notifications.table';
export * from '../modules/organizations/organizations.table';
export * from '../modules/people/client-managers.table';
export * from '../modules/people/teams.table';
export * from '../modules/people/users.table';
export * from '../modules/projects/projects.table';
export * from '../modules/requests/requests.table';
export * from '../modules/screenshots/screenshots.table';
export * from '../modules/timesheets/timesheets.table';
export * from '../platform/events/events.table';
