import type { Db } from '../../db/client';
import { domainEvents } from './events.table';

/** Event types other modules react to. The attendance engine consumes the contract ones. */
export type DomainEventType =
  | 'contract.activated'
  | 'contract.paused'
  | 'contract.ended'
  | 'contract.schedules_changed'
  | 'user.deactivated';

/** Writes the event in the caller's transaction, so it exists exactly when the change does. */
export async function raiseEvent(
  db: Db,
  organizationId: number,
  type: DomainEventType,
  payload: Record<string, unknown>,
) {
  await db.insert(domainEvents).values({ organizationId, type, payload });
}
