import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { definePort, type MailMessage } from '../../lib/ports';
import type { Deps } from '../../lib/types';
import type { Tx } from '../../platform/transaction';
import type { UserRow } from './users.table';

// What the people module needs of modules above it (auth, contracts), declared here so that people imports
// neither: each is a port (lib/ports.ts) the higher module registers when its `<name>.module.ts` loads. Ports,
// not events: every call must happen in the caller's transaction or answer at once (a password change and the
// sign-out of the other sessions commit together; a user's page shows their sessions and a VA's managers).

/** A user's sign-ins, which the auth module keeps. */
export type UserSessions = {
  /**
   * Ends every live session of a user in the caller's transaction, but `keep` (the session of the person
   * changing their own password); answers how many it ended. `at`: the caller's clock (else the database's).
   */
  revokeUserSessions(tx: Tx, userId: number, reason: string, at?: Date, keep?: string): Promise<number>;
  /** Sign-ins of a user still live at `now` (not revoked, not expired). */
  activeSessionCount(db: Db, userId: number, now: Date): Promise<number>;
};

/** The auth module ends a user's sessions (deactivation, a new password) and counts them (a user's page). */
export const userSessionsPort = definePort<UserSessions>(
  'people: user sessions',
  'modules/auth/auth.module.ts',
);

/** Who an invitation is for. */
export type Invitee = Pick<UserRow, 'id' | 'email' | 'firstName' | 'organizationId' | 'passwordHash'>;

/** A signed link for `/invite` and the mail that carries it. */
export interface Invitation {
  link: string;
  expiresAt: Date;
  mail: MailMessage;
}

/** Invitation links: the auth module signs them and accepts them (`/invite`). */
export type InvitationLinks = {
  createInvitation(
    deps: Pick<Deps, 'config' | 'secret' | 'clock'>,
    user: Invitee,
    organizationName: string,
  ): Promise<Invitation>;
};

export const invitationLinksPort = definePort<InvitationLinks>(
  'people: invitation links',
  'modules/auth/auth.module.ts',
);

/** Who holds a contract with whom, which the contracts module knows. */
export type VaClients = {
  /**
   * Subquery: the clients a VA holds a non-draft contract with. `vaId` is an id, or a column of the outer query
   * (correlated: the user lists show each VA's managers, the managers of their clients).
   */
  clientIdsOfVaSql(vaId: number | SQLWrapper): SQL;
};

export const vaClientsPort = definePort<VaClients>(
  "people: a VA's clients",
  'modules/contracts/contracts.module.ts',
);
