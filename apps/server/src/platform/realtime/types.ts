import type { Role } from '@vahub/shared/auth/roles';
import type { ServerMessage } from '@vahub/shared/realtime/messages';
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

export interface Realtime {
  publish(message: ServerMessage, audience: Audience): Promise<void>;
  /** Publishes once the transaction commits, so a message never announces a change that rolled back. */
  publishAfterCommit(uow: UnitOfWork, message: ServerMessage, audience: Audience): void;
  close(): Promise<void>;
}
