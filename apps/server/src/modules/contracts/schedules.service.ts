import { msg } from '@vahub/shared/api/messages';
import { CONTRACT_MESSAGES } from '@vahub/shared/contracts/messages';
import type {
  ScheduleListItem,
  scheduleCreateSchema,
  scheduleListQuerySchema,
  scheduleUpdateSchema,
} from '@vahub/shared/contracts/schemas';
import { findWeeklyOverlap, type WeeklyBlock } from '@vahub/shared/time/schedule-blocks';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { blockText } from '../../lib/clock-text';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { pageOffset, paginationMeta } from '../../lib/pagination';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import type { Tx, UnitOfWork } from '../../platform/transaction';
import { clockOf, isInViewerScope, isTeamVisibleTo, teamMemberIdsSql } from '../people/public';
import { toBlock, toScheduleListItem } from './contracts.mapper';
import { assertNoVaOverlap } from './contracts.overlap';
import {
  type ContractRow,
  countSchedules,
  findSchedules,
  lockContract,
  lockVa,
} from './contracts.repository';
import { contractsVisibleTo } from './contracts.scope';
import { contracts, schedules } from './contracts.table';

type ListQuery = z.output<typeof scheduleListQuerySchema>;
type CreateInput = z.output<typeof scheduleCreateSchema>;
type UpdateInput = z.output<typeof scheduleUpdateSchema>;

/**
 * A filter names a row: one outside the viewer's scope answers 404 like the row itself, never an empty
 * page that would confirm or deny what another manager's client has.
 */
async function assertVisibleFilters(deps: Deps, viewer: Viewer, q: ListQuery) {
  const checks: Array<Promise<void>> = [];
  const check = (found: Promise<boolean>, what: string) =>
    checks.push(
      found.then((ok) => {
        if (!ok) throw notFound(what);
      }),
    );
  if (q.client_id) check(isInViewerScope(deps.db, viewer, 'clients', q.client_id), 'Client');
  if (q.va_id) check(isInViewerScope(deps.db, viewer, 'vas', q.va_id), 'User');
  if (q.team_id) check(isTeamVisibleTo(deps.db, viewer, q.team_id), 'Team');
  if (q.contract_id) {
    const contractId = q.contract_id;
    check(
      deps.db
        .select({ id: contracts.id })
        .from(contracts)
        .where(and(contractsVisibleTo(viewer), eq(contracts.id, contractId)))
        .limit(1)
        .then((rows) => rows.length > 0),
      'Contract',
    );
  }
  await Promise.all(checks);
}

export async function listSchedules(deps: Deps, viewer: Viewer, q: ListQuery) {
  await assertVisibleFilters(deps, viewer, q);
  const where = and(
    contractsVisibleTo(viewer),
    q.client_id ? eq(contracts.clientId, q.client_id) : undefined,
    q.va_id ? eq(contracts.vaId, q.va_id) : undefined,
    q.contract_id ? eq(contracts.id, q.contract_id) : undefined,
    q.weekday ? eq(schedules.weekday, q.weekday) : undefined,
    q.team_id ? inArray(contracts.vaId, teamMemberIdsSql(viewer.organizationId, q.team_id)) : undefined,
  );
  const [rows, total] = await Promise.all([
    findSchedules(deps.db, where, { limit: q.per_page, offset: pageOffset(q.page, q.per_page) }),
    countSchedules(deps.db, where),
  ]);
  return { data: rows.map(toScheduleListItem), meta: paginationMeta(q.page, q.per_page, total) };
}

/** Every schedule of the contracts the viewer sees (a client's whole week). */
export async function allSchedules(deps: Deps, viewer: Viewer): Promise<ScheduleListItem[]> {
  return (await findSchedules(deps.db, contractsVisibleTo(viewer))).map(toScheduleListItem);
}

export async function getSchedule(db: Db, viewer: Viewer, id: number): Promise<ScheduleListItem> {
  const [row] = await findSchedules(db, and(contractsVisibleTo(viewer), eq(schedules.id, id)));
  if (!row) throw notFound('Schedule');
  return toScheduleListItem(row);
}

/** The contract (visible, locked) a schedule change applies to. */
async function lockScheduleContract(tx: Tx, viewer: Viewer, contractId: number): Promise<ContractRow> {
  const [visible] = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(contractsVisibleTo(viewer), eq(contracts.id, contractId)));
  const row = visible ? await lockContract(tx, contractId) : null;
  if (!row) throw notFound('Contract');
  if (row.status === 'ended') {
    throw fieldError('contract_id', CONTRACT_MESSAGES.ended_schedule_frozen);
  }
  return row;
}

/**
 * The rules every new or changed block passes: a real length, an effective range in order, no overlap
 * with the contract's other blocks, and, on an active contract, none with the VA's other active contracts.
 */
async function assertBlockFits(
  tx: Tx,
  deps: Deps,
  viewer: Viewer,
  contract: ContractRow,
  block: WeeklyBlock,
  exceptId?: number,
) {
  if (block.start_minute === block.end_minute)
    throw fieldError('end_minute', CONTRACT_MESSAGES.zero_length_block);
  if (block.effective_from && block.effective_to && block.effective_to < block.effective_from) {
    throw fieldError('effective_to', CONTRACT_MESSAGES.effective_to_before_from);
  }
  const siblings = await tx
    .select()
    .from(schedules)
    .where(and(eq(schedules.contractId, contract.id), exceptId ? ne(schedules.id, exceptId) : undefined));
  const clash = findWeeklyOverlap(block, siblings.map(toBlock));
  if (clash) {
    // The block's day and times on the viewer's clock, no internal id.
    const { hour12 } = await clockOf(tx, viewer.userId);
    throw fieldError(
      'start_minute',
      msg(CONTRACT_MESSAGES.block_overlap, { block: blockText(clash, hour12) }),
    );
  }
  if (contract.status === 'active') {
    await lockVa(tx, contract.vaId);
    await assertNoVaOverlap(tx, contract, [block], deps.clock.now(), viewer.userId);
  }
}

async function recordChange(
  deps: Deps,
  uow: UnitOfWork,
  viewer: Viewer,
  contract: ContractRow,
  action: string,
  id: number,
  before: unknown,
  after: unknown,
) {
  await audit(uow.tx, {
    organizationId: contract.organizationId,
    actorId: viewer.userId,
    action,
    entityType: 'schedule',
    entityId: id,
    before,
    after,
  });
  await deps.events.raise(uow, contract.organizationId, 'contract.schedules_changed', {
    contract_id: contract.id,
  });
}

export async function createSchedule(
  deps: Deps,
  viewer: Viewer,
  input: CreateInput,
): Promise<ScheduleListItem> {
  const id = await deps.transaction(async (uow) => {
    const { tx } = uow;
    const contract = await lockScheduleContract(tx, viewer, input.contract_id);
    const block: WeeklyBlock = {
      weekday: input.weekday,
      start_minute: input.start_minute,
      end_minute: input.end_minute,
      effective_from: input.effective_from ?? null,
      effective_to: input.effective_to ?? null,
    };
    await assertBlockFits(tx, deps, viewer, contract, block);
    const [row] = await tx
      .insert(schedules)
      .values({
        organizationId: contract.organizationId,
        contractId: contract.id,
        weekday: block.weekday,
        startMinute: block.start_minute,
        endMinute: block.end_minute,
        effectiveFrom: block.effective_from,
        effectiveTo: block.effective_to,
      })
      .returning();
    await recordChange(deps, uow, viewer, contract, 'schedule.created', row.id, null, row);
    return row.id;
  });
  return getSchedule(deps.db, viewer, id);
}

async function visibleSchedule(tx: Tx, viewer: Viewer, id: number) {
  const [found] = await tx
    .select({ schedule: schedules })
    .from(schedules)
    .innerJoin(contracts, eq(contracts.id, schedules.contractId))
    .where(and(contractsVisibleTo(viewer), eq(schedules.id, id)));
  if (!found) throw notFound('Schedule');
  return found.schedule;
}

export async function updateSchedule(
  deps: Deps,
  viewer: Viewer,
  id: number,
  input: UpdateInput,
): Promise<ScheduleListItem> {
  await deps.transaction(async (uow) => {
    const { tx } = uow;
    const before = await visibleSchedule(tx, viewer, id);
    const contract = await lockScheduleContract(tx, viewer, before.contractId);
    const block: WeeklyBlock = {
      id,
      weekday: input.weekday ?? before.weekday,
      start_minute: input.start_minute ?? before.startMinute,
      end_minute: input.end_minute ?? before.endMinute,
      effective_from: input.effective_from === undefined ? before.effectiveFrom : input.effective_from,
      effective_to: input.effective_to === undefined ? before.effectiveTo : input.effective_to,
    };
    await assertBlockFits(tx, deps, viewer, contract, block, id);
    const [row] = await tx
      .update(schedules)
      .set({
        weekday: block.weekday,
        startMinute: block.start_minute,
        endMinute: block.end_minute,
        effectiveFrom: block.effective_from ?? null,
        effectiveTo: block.effective_to ?? null,
        updatedAt: deps.clock.now(),
      })
      .where(eq(schedules.id, id))
      .returning();
    await recordChange(deps, uow, viewer, contract, 'schedule.updated', id, before, row);
  });
  return getSchedule(deps.db, viewer, id);
}

export async function deleteSchedule(deps: Deps, viewer: Viewer, id: number) {
  await deps.transaction(async (uow) => {
    const { tx } = uow;
    const before = await visibleSchedule(tx, viewer, id);
    const contract = await lockScheduleContract(tx, viewer, before.contractId);
    if (contract.status === 'active') {
      const [left] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(schedules)
        .where(eq(schedules.contractId, contract.id));
      if ((left?.n ?? 0) <= 1) {
        throw new AppError('validation', CONTRACT_MESSAGES.active_needs_a_block);
      }
    }
    await tx.delete(schedules).where(eq(schedules.id, id));
    await recordChange(deps, uow, viewer, contract, 'schedule.deleted', id, before, null);
  });
}
