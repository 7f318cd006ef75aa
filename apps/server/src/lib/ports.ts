import type { Role } from '@vahub/shared/auth/roles';
import type { UnitOfWork } from '../platform/transaction';

// What the platform (`Deps`, the route guard) needs of a module, declared here so that `lib/` imports no module:
// the module implements it, and `app.ts` puts the implementation in `Deps`.

/** Who a request's bearer token names, as the route guard reads it (the auth module's `AuthContext` is one). */
export type RequestAuth = {
  userId: number;
  organizationId: number;
  roles: readonly Role[];
  sessionId: string;
  /** A tracker's session: it reaches only the endpoints marked `tracker`. */
  tracker: boolean;
  /** The user's own time zone (their profile's), the viewer's. */
  user: { timezone: string };
};

export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** Sends mail (`deps.mailer`); the mail module's outbox implements it (`createMailer`). */
export type Mailer = {
  /** Records the mail and queues its sending in one transaction; never waits for SMTP. */
  send(message: MailMessage): Promise<void>;
  /** The same inside the caller's transaction: the mail and its job exist only if it commits. */
  queue(uow: UnitOfWork, message: MailMessage): Promise<void>;
};
