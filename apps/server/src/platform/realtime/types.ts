import type { Role } from '@vahub/shared/auth/roles';
import type { ClientKind, ServerMessage } from '@vahub/shared/realtime/messages';
import type { UnitOfWork } from '../transaction';

/**
 * Who receives a message. Delivery also checks each connection's viewer: nobody receives what their role
 * may not see.
 */
export type Audience =
  /** These users, on every device. */
  | { userIds: number[] }
  /** Everyone of the organization holding one of these roles. */
  | { organizationId: number; roles: readonly Role[] }
  /** Everyone allowed to see this VA: admins, the managers and clients above them, and the VA. */
  | { organizationId: number; aboutVa: number };

/** One open, authenticated socket, as the screenshots feature asks "can a tracker of this VA capture?". */
export type ConnectionInfo = {
  connectionId: string;
  userId: number;
  organizationId: number;
  sessionId: string;
  kind: ClientKind;
  capture: boolean;
  connectedAt: Date;
};

export interface Realtime {
  publish(message: ServerMessage, audience: Audience): Promise<void>;
  /** Publishes once the transaction commits, so a message never announces a change that rolled back. */
  publishAfterCommit(uow: UnitOfWork, message: ServerMessage, audience: Audience): void;
  /**
   * The user's open sockets on every instance (through Redis when `REDIS_URL` is set; a socket whose
   * instance died disappears within 2.5 heartbeats), e.g. "can a tracker of this VA capture now?".
   */
  connectionsOf(userId: number): Promise<ConnectionInfo[]>;
  close(): Promise<void>;
}
