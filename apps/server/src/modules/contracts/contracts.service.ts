import type { PaginationQuery } from '@vahub/shared/api/problem';
import { CONTRACT_MESSAGES } from '@vahub/shared/contracts/messages';
import type {
  Contract,
  contractCreateSchema,
  contractListQuerySchema,
  contractUpdateSchema,
} from '@vahub/shared/contracts/schemas';
import { type ContractStatus, canDelete, transitionError } from '@vahub/shared/contracts/statuses';
import { and, eq, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { pageOffset, paginationMeta } from '../../lib/pagination';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import type { Tx, UnitOfWork } from '../../platform/transaction';
import { contractDefaultsOf } from '../organizations/public';
import { findPersonWithRole } from '../people/public';
import { type PayReader, toBlock, toContract } from './contracts.mapper';
import { assertNoVaOverlap } from './contracts.overlap';
import { contractAttendancesPort } from './contracts.ports';
import {
  type ContractRow,
  contractSearch,
  countContracts,
  findContracts,
  lockContract,
  lockVa,
  schedulesByContract,
} from './contracts.repository';
import { contractsVisibleTo } from './contracts.scope';
import { settingsValues, settingsWith } from './contracts.settings';
import { contractSettings, contracts, schedules } from './contracts.table';

type ListQuery = z.output<typeof contractListQuerySchema>;
type CreateInput = z.output<typeof contractCreateSchema>;
type UpdateInput = z.output<typeof contractUpdateSchema>;

/** A page of contracts the viewer may see, filtered. */
export async function listContracts(
  deps: Deps,
  viewer: Viewer,
  q: ListQuery,
  extra?: SQL,
  reader: PayReader = viewer,
) {
  const where = and(
    contractsVisibleTo(viewer),
    extra,
    q.va_id ? eq(contracts.vaId, q.va_id) : undefined,
    q.client_id ? eq(contracts.clientId, q.client_id) : undefined,
    q.status ? eq(contracts.status, q.status) : undefined,
    q.search ? contractSearch(q.search) : undefined,
  );
  return pageOfContracts(deps.db, where, q, false, reader);
}

export async function pageOfContracts(
  db: Db,
  where: SQL | undefined,
  q: PaginationQuery,
  withSchedules: boolean,
  reader?: PayReader,
) {
  const [rows, total] = await Promise.all([
    findContracts(db, where, { limit: q.per_page, offset: pageOffset(q.page, q.per_page) }),
    countContracts(db, where),
  ]);
  const byContract = withSchedules
    ? await schedulesByContract(
        db,
        rows.map((r) => r.contract.id),
      )
    : null;
  return {
    data: rows.map((r) =>
      toContract(r, byContract ? (byContract.get(r.contract.id) ?? []) : undefined, reader),
    ),
    meta: paginationMeta(q.page, q.per_page, total),
  };
}

/** Every contract matching `where`, each with its schedules (short lists: one user's contracts). */
export async function contractsWithSchedules(
  db: Db,
  where: SQL | undefined,
  reader?: PayReader,
): Promise<Contract[]> {
  const rows = await findContracts(db, where);
  const byContract = await schedulesByContract(
    db,
    rows.map((r) => r.contract.id),
  );
  return rows.map((r) => toContract(r, byContract.get(r.contract.id) ?? [], reader));
}

/** One contract with settings and schedules, or 404 outside the viewer's scope. */
export async function getContract(
  db: Db,
  viewer: Viewer,
  id: number,
  reader: PayReader = viewer,
): Promise<Contract> {
  const [contract] = await contractsWithSchedules(
    db,
    and(contractsVisibleTo(viewer), eq(contracts.id, id)),
    reader,
  );
  if (!contract) throw notFound('Contract');
  return contract;
}

/** Contracts where the user is the VA or the client (the user must be of the organization). */
export const userContractsWhere = (viewer: Viewer, userId: number) =>
  and(contractsVisibleTo(viewer), or(eq(contracts.vaId, userId), eq(contracts.clientId, userId)));

/** The pay fields of a create or update (only those given). */
function payValues(input: {
  pay_rate?: number | null;
  pay_currency?: string | null;
  pay_overtime_multiplier?: number;
}) {
  return {
    ...(input.pay_rate !== undefined
      ? { payRate: input.pay_rate === null ? null : String(input.pay_rate) }
      : {}),
    ...(input.pay_currency !== undefined ? { payCurrency: input.pay_currency } : {}),
    ...(input.pay_overtime_multiplier !== undefined
      ? { payOvertimeMultiplier: input.pay_overtime_multiplier.toFixed(2) }
      : {}),
  };
}

function assertDates(start: string, end: string | null | undefined) {
  if (end && end < start) throw fieldError('end_date', CONTRACT_MESSAGES.end_before_start);
}

export async function createContract(deps: Deps, viewer: Viewer, input: CreateInput): Promise<Contract> {
  const va = await findPersonWithRole(deps.db, viewer.organizationId, input.va_id, 'va');
  if (!va) throw fieldError('va_id', CONTRACT_MESSAGES.not_a_va);
  const client = await findPersonWithRole(deps.db, viewer.organizationId, input.client_id, 'client');
  if (!client) throw fieldError('client_id', CONTRACT_MESSAGES.not_a_client);
  assertDates(input.start_date, input.end_date);
  const defaults = await contractDefaultsOf(deps, viewer.organizationId);
  const id = await deps.transaction(async ({ tx }) => {
    const [row] = await tx
      .insert(contracts)
      .values({
        organizationId: viewer.organizationId,
        vaId: va.id,
        clientId: client.id,
        title: input.title,
        description: input.description ?? null,
        status: 'draft',
        startDate: input.start_date,
        endDate: input.end_date ?? null,
        timezone: input.timezone ?? client.timezone,
        hourlyRate: input.hourly_rate == null ? null : String(input.hourly_rate),
        currency: input.currency ?? 'USD',
        ...payValues(input),
      })
      .returning();
    const [settings] = await tx
      .insert(contractSettings)
      .values(settingsValues(row.id, settingsWith(defaults, input.settings ?? {})))
      .returning();
    await audit(tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'contract.created',
      entityType: 'contract',
      entityId: row.id,
      after: { ...row, settings },
    });
    return row.id;
  });
  return getContract(deps.db, viewer, id);
}

/** Turns a draft or paused contract active: needs a schedule and no clash with the VA's active contracts. */
async function activateInTx(
  uow: UnitOfWork,
  deps: Deps,
  viewer: Viewer,
  row: ContractRow,
): Promise<ContractRow> {
  const { tx } = uow;
  await lockVa(tx, row.vaId);
  const byContract = await schedulesByContract(tx, [row.id]);
  const blocks = (byContract.get(row.id) ?? []).map(toBlock);
  if (!blocks.length) {
    throw new AppError('validation', CONTRACT_MESSAGES.activate_needs_schedule, {
      schedules: [CONTRACT_MESSAGES.activate_needs_schedule],
    });
  }
  await assertNoVaOverlap(tx, row, blocks, deps.clock.now(), viewer.userId, 'status');
  const now = deps.clock.now();
  const [updated] = await tx
    .update(contracts)
    .set({ status: 'active', activatedAt: row.activatedAt ?? now, updatedAt: now })
    .where(eq(contracts.id, row.id))
    .returning();
  await deps.events.raise(uow, row.organizationId, 'contract.activated', {
    contract_id: row.id,
    va_id: row.vaId,
    client_id: row.clientId,
    resumed: row.status === 'paused',
  });
  await audit(tx, {
    organizationId: row.organizationId,
    actorId: viewer.userId,
    action: row.status === 'paused' ? 'contract.resumed' : 'contract.activated',
    entityType: 'contract',
    entityId: row.id,
    before: { status: row.status },
    after: { status: 'active' },
  });
  return updated;
}

/** Loads and locks a contract of the viewer's scope inside a transaction, or 404. */
async function lockVisible(tx: Tx, viewer: Viewer, id: number): Promise<ContractRow> {
  const [visible] = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(contractsVisibleTo(viewer), eq(contracts.id, id)));
  const row = visible ? await lockContract(tx, id) : null;
  if (!row) throw notFound('Contract');
  return row;
}

export async function activateContract(deps: Deps, viewer: Viewer, id: number): Promise<Contract> {
  await deps.transaction(async (uow) => {
    const row = await lockVisible(uow.tx, viewer, id);
    if (row.status === 'active') return;
    const problem = transitionError(row.status, 'active');
    if (problem) throw fieldError('status', problem);
    await activateInTx(uow, deps, viewer, row);
  });
  return getContract(deps.db, viewer, id);
}

export async function updateContract(
  deps: Deps,
  viewer: Viewer,
  id: number,
  input: UpdateInput,
): Promise<Contract> {
  await deps.transaction(async (uow) => {
    const { tx } = uow;
    let row = await lockVisible(tx, viewer, id);
    const before = row;
    const target: ContractStatus = input.status ?? row.status;
    const problem = transitionError(row.status, target);
    if (problem) throw fieldError('status', problem);
    const {
      status: _status,
      hourly_rate,
      start_date,
      end_date,
      pay_rate: _payRate,
      pay_currency: _payCurrency,
      pay_overtime_multiplier: _payMultiplier,
      ...rest
    } = input;
    const startDate = start_date ?? row.startDate;
    const endDate = end_date === undefined ? row.endDate : end_date;
    assertDates(startDate, endDate);
    const now = deps.clock.now();
    [row] = await tx
      .update(contracts)
      .set({
        ...rest,
        startDate,
        endDate,
        ...(hourly_rate !== undefined
          ? { hourlyRate: hourly_rate === null ? null : String(hourly_rate) }
          : {}),
        ...payValues(input),
        updatedAt: now,
      })
      .where(eq(contracts.id, id))
      .returning();
    const timing =
      row.timezone !== before.timezone ||
      row.startDate !== before.startDate ||
      row.endDate !== before.endDate;
    if (row.status === 'active' && timing) {
      await lockVa(tx, row.vaId);
      const byContract = await schedulesByContract(tx, [row.id]);
      await assertNoVaOverlap(
        tx,
        row,
        (byContract.get(row.id) ?? []).map(toBlock),
        now,
        viewer.userId,
        'timezone',
      );
    }
    // The attendance engine rebuilds the contract's upcoming shifts from the new dates or zone.
    if (timing) {
      const changed = (['timezone', 'startDate', 'endDate'] as const)
        .filter((k) => row[k] !== before[k])
        .map((k) => ({ timezone: 'timezone', startDate: 'start_date', endDate: 'end_date' })[k]);
      await deps.events.raise(uow, row.organizationId, 'contract.updated', {
        contract_id: row.id,
        va_id: row.vaId,
        client_id: row.clientId,
        changed,
      });
    }
    await audit(tx, {
      organizationId: row.organizationId,
      actorId: viewer.userId,
      action: 'contract.updated',
      entityType: 'contract',
      entityId: id,
      before,
      after: row,
    });
    if (target === row.status) return;
    if (target === 'active') {
      await activateInTx(uow, deps, viewer, row);
      return;
    }
    await tx.update(contracts).set({ status: target, updatedAt: now }).where(eq(contracts.id, id));
    await deps.events.raise(
      uow,
      row.organizationId,
      target === 'paused' ? 'contract.paused' : 'contract.ended',
      {
        contract_id: id,
        va_id: row.vaId,
        client_id: row.clientId,
      },
    );
    await audit(tx, {
      organizationId: row.organizationId,
      actorId: viewer.userId,
      action: target === 'paused' ? 'contract.paused' : 'contract.ended',
      entityType: 'contract',
      entityId: id,
      before: { status: row.status },
      after: { status: target },
    });
  });
  return getContract(deps.db, viewer, id);
}

export async function deleteContract(deps: Deps, viewer: Viewer, id: number) {
  await deps.transaction(async ({ tx }) => {
    const row = await lockVisible(tx, viewer, id);
    if (!canDelete(row.status)) throw new AppError('conflict', CONTRACT_MESSAGES.delete_not_allowed);
    const blocks = await tx.select().from(schedules).where(eq(schedules.contractId, id));
    // A contract with attendance history stays (409); shifts that never happened go with it.
    await contractAttendancesPort.get().releaseContractAttendances(tx, id, deps.clock.now());
    await tx.delete(contracts).where(eq(contracts.id, id));
    await audit(tx, {
      organizationId: row.organizationId,
      actorId: viewer.userId,
      action: 'contract.deleted',
      entityType: 'contract',
      entityId: id,
      before: { ...row, schedules: blocks },
    });
  });
}
