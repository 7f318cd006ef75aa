import { CONTRACT_MESSAGES as M } from '@vahub/shared/contracts/messages';
import type { Contract } from '@vahub/shared/contracts/schemas';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import { idsWithRole } from '../people/public';
import { findContract, schedulesByContract } from './contracts.repository';
import { contractsVisibleTo } from './contracts.scope';
import { getContract } from './contracts.service';
import { contractSettings, contracts, schedules } from './contracts.table';

/**
 * `POST contracts/{id}/multiply`: one draft copy (contract, settings, schedules) per VA. VAs that cannot get
 * one are answered in `errors`, keyed by VA id; a VA who already has a contract with the client (other than
 * an ended one) is refused.
 */
export async function multiplyContract(deps: Deps, viewer: Viewer, id: number, vaIds: number[]) {
  const source = await findContract(deps.db, and(contractsVisibleTo(viewer), eq(contracts.id, id)));
  if (!source) throw notFound('Contract');
  const src = source.contract;
  const wanted = [...new Set(vaIds)];
  const errors: Record<string, string[]> = {};
  const isVa = await idsWithRole(deps.db, src.organizationId, wanted, 'va');
  const taken = await deps.db
    .selectDistinct({ vaId: contracts.vaId })
    .from(contracts)
    .where(
      and(
        eq(contracts.organizationId, src.organizationId),
        eq(contracts.clientId, src.clientId),
        inArray(contracts.vaId, wanted),
        ne(contracts.status, 'ended'),
      ),
    );
  const hasContract = new Set(taken.map((t) => t.vaId));
  const eligible: number[] = [];
  for (const vaId of wanted) {
    if (!isVa.has(vaId)) errors[vaId] = [M.multiply_not_a_va];
    else if (vaId === src.vaId) errors[vaId] = [M.multiply_same_va];
    else if (hasContract.has(vaId)) errors[vaId] = [M.multiply_has_contract];
    else eligible.push(vaId);
  }
  if (!eligible.length) throw new AppError('validation', M.multiply_none, errors);

  const blocks = (await schedulesByContract(deps.db, [src.id])).get(src.id) ?? [];
  const now = deps.clock.now();
  const createdIds = await deps.transaction(async ({ tx }) => {
    const ids: number[] = [];
    for (const vaId of eligible) {
      const [copy] = await tx
        .insert(contracts)
        .values({
          organizationId: src.organizationId,
          vaId,
          clientId: src.clientId,
          title: src.title,
          description: src.description,
          status: 'draft',
          startDate: src.startDate,
          endDate: src.endDate,
          timezone: src.timezone,
          hourlyRate: src.hourlyRate,
          currency: src.currency,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (source.settings) {
        const { id: _id, contractId: _c, updatedAt: _u, ...fields } = source.settings;
        await tx.insert(contractSettings).values({ ...fields, contractId: copy.id });
      }
      if (blocks.length) {
        await tx.insert(schedules).values(
          blocks.map((b) => ({
            organizationId: b.organizationId,
            contractId: copy.id,
            weekday: b.weekday,
            startMinute: b.startMinute,
            endMinute: b.endMinute,
            effectiveFrom: b.effectiveFrom,
            effectiveTo: b.effectiveTo,
          })),
        );
      }
      await audit(tx, {
        organizationId: src.organizationId,
        actorId: viewer.userId,
        action: 'contract.multiplied',
        entityType: 'contract',
        entityId: copy.id,
        after: { ...copy, copied_from: src.id, schedules: blocks.length },
      });
      ids.push(copy.id);
    }
    return ids;
  });
  const data: Contract[] = [];
  for (const createdId of createdIds) data.push(await getContract(deps.db, viewer, createdId));
  return { data, errors };
}
