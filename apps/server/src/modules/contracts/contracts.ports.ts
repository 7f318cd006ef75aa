import type { Db } from '../../db/client';
import { definePort } from '../../lib/ports';
import type { Tx } from '../../platform/transaction';

// What the contracts module needs of the attendance module (a layer above: shifts are built from contracts),
// declared here so that contracts imports nothing of it: attendance registers it when attendance.module.ts loads.
// A port, not an event: deleting a contract must refuse (409) when it has attendance history, and its shifts
// that never happened must go in the same transaction, before the contract row does (their foreign key).

export type ContractAttendances = {
  /**
   * Before a contract is deleted, in its transaction: refuses with 409 when it has attendance history, else
   * deletes its shifts that never happened.
   */
  releaseContractAttendances(tx: Tx, contractId: number, now: Date): Promise<void>;
};

export const contractAttendancesPort = definePort<ContractAttendances>(
  "contracts: a deleted contract's shifts",
  'modules/attendance/attendance.module.ts',
);

/** Whether managers read pay rates: the money module's invoicing settings (issue 30); money.module.ts registers it. */
export type PayPolicy = {
  managersSeePay(db: Db, organizationId: number): Promise<boolean>;
};

export const payPolicyPort = definePort<PayPolicy>(
  'contracts: whether managers see pay',
  'modules/money/money.module.ts',
);
