// The schema drizzle-kit reads; each module owns its table file.
export * from '../modules/auth/auth.table';
export * from '../modules/mail/mail.table';
export * from '../modules/organizations/organizations.table';
export * from '../modules/users/users.table';
