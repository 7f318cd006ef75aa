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
  /** Set when the caller is a personal API token rather than a session: it reaches no `sessionOnly` endpoint. */
  apiToken?: unknown;
};

/** A file sent with a mail (an invoice's PDF): kept in the outbox row with the mail, so a retry sends the same bytes. */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

/** Sends mail (`deps.mailer`); the mail module's outbox implements it (`createMailer`). */
export type Mailer = {
  /** Records the mail and queues its sending in one transaction; never waits for SMTP. */
  send(message: MailMessage): Promise<void>;
  /** The same inside the caller's transaction: the mail and its job exist only if it commits. */
  queue(uow: UnitOfWork, message: MailMessage): Promise<void>;
};

/**
 * A port between modules: what a lower module needs of a higher one, declared by the lower module (beside its
 * public.ts, as `<name>.ports.ts`) so that it imports nothing above it. The higher module registers the
 * implementation when its `<name>.module.ts` loads (as the audit module registers the audit trail's writer):
 * whatever builds the app imports every module file (app.ts), so the implementation is in place before the
 * first request, job or consumer. The call stays a plain function call, in the caller's transaction.
 */
export interface Port<T> {
  /** What the port is, for the error when nothing is registered. */
  readonly name: string;
  /** Sets the implementation (the providing module's file, when it loads); a second call replaces it. */
  register(implementation: T): void;
  /** The implementation; throws, naming the module file to load, when none is registered. */
  get(): T;
}

/**
 * A port named `name`, implemented by the module whose definition file is `providedBy` (e.g.
 * `modules/auth/auth.module.ts`). A process that never loads that file gets a clear error, not a silent skip.
 */
export function definePort<T>(name: string, providedBy: string): Port<T> {
  let implementation: T | null = null;
  return {
    name,
    register(next) {
      implementation = next;
    },
    get() {
      if (implementation === null)
        throw new Error(
          `No implementation of the port "${name}" is registered: import ${providedBy} (which app.ts does) before using it.`,
        );
      return implementation;
    },
  };
}
