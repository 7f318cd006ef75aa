import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  after,
  type DataScope,
  holdsAny,
  keysetBatches,
  replacedText,
  scopeWhere,
} from '../../lib/data-scope';
import type { Tx } from '../../platform/transaction';
import { contracts, schedules } from './contracts.table';

// Data export (issue 33): the contracts and schedules of a scope.

const contractsOf = (scope: DataScope) =>
  scopeWhere(scope, {
    organization: contracts.organizationId,
    va: contracts.vaId,
    client: contracts.clientId,
  });

// What a client never reads of a contract: the VA's pay (contracts.mapper.ts, `seesPay`).
const {
  payRate: _rate,
  payCurrency: _currency,
  payOvertimeMultiplier: _multiplier,
  ...withoutPay
} = getTableColumns(contracts);

export const exportContracts = (db: Db, scope: DataScope) =>
  keysetBatches((a, n) =>
    db
      .select(scope.clientId !== null ? withoutPay : getTableColumns(contracts))
      .from(contracts)
      .where(and(contractsOf(scope), after(contracts.id, a)))
      .orderBy(contracts.id)
      .limit(n),
  );

export const exportSchedules = (db: Db, scope: DataScope) =>
  keysetBatches((a, n) =>
    db
      .select()
      .from(schedules)
      .where(
        and(
          eq(schedules.organizationId, scope.organizationId),
          inArray(
            schedules.contractId,
            db.select({ id: contracts.id }).from(contracts).where(contractsOf(scope)),
          ),
          after(schedules.id, a),
        ),
      )
      .orderBy(schedules.id)
      .limit(n),
  );

/** The VAs who hold (or held) a contract with a client. */
export async function vaIdsOfClient(db: Db, organizationId: number, clientId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: contracts.vaId })
    .from(contracts)
    .where(and(eq(contracts.organizationId, organizationId), eq(contracts.clientId, clientId)));
  return rows.map((r) => r.id);
}

/** Erasure: an erased person's name and email leave the contracts' titles and descriptions. */
export async function eraseFromContracts(tx: Tx, organizationId: number, needles: string[], alias: string) {
  const c = contracts;
  await tx
    .update(c)
    .set({
      title: replacedText(c.title, needles, alias),
      description: replacedText(c.description, needles, alias),
    })
    .where(and(eq(c.organizationId, organizationId), holdsAny([c.title, c.description], needles)));
}
