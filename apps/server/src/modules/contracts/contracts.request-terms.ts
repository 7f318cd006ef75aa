import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type EngineContract, engineContract } from './contracts.engine-view';
import { contractSettings, contracts } from './contracts.table';

/**
 * What the requests module reads of a contract (DOMAIN.md "Requests"): the engine's view (status, dates, zone,
 * parties, weekly blocks) with the title and the terms a request is judged by.
 */
export type RequestTerms = EngineContract & {
  title: string;
  overtimeAllowed: boolean;
  maxOvertimeMinutes: number;
  vacationDaysPerYear: number;
  sickDaysPerYear: number;
};

// The columns' defaults, for a contract whose settings row is somehow missing.
const DEFAULTS = {
  overtimeAllowed: false,
  maxOvertimeMinutes: 120,
  vacationDaysPerYear: 10,
  sickDaysPerYear: 5,
};

/** One contract of the organization with its request terms, or null. */
export async function requestTermsOf(
  db: Db,
  id: number,
  organizationId: number,
): Promise<RequestTerms | null> {
  const contract = await engineContract(db, id, { organizationId });
  if (!contract) return null;
  const [row] = await db
    .select({
      title: contracts.title,
      overtimeAllowed: contractSettings.overtimeAllowed,
      maxOvertimeMinutes: contractSettings.maxOvertimeMinutes,
      vacationDaysPerYear: contractSettings.vacationDaysPerYear,
      sickDaysPerYear: contractSettings.sickDaysPerYear,
    })
    .from(contracts)
    .leftJoin(contractSettings, eq(contractSettings.contractId, contracts.id))
    .where(eq(contracts.id, id));
  return {
    ...contract,
    title: row?.title ?? '',
    overtimeAllowed: row?.overtimeAllowed ?? DEFAULTS.overtimeAllowed,
    maxOvertimeMinutes: row?.maxOvertimeMinutes ?? DEFAULTS.maxOvertimeMinutes,
    vacationDaysPerYear: row?.vacationDaysPerYear ?? DEFAULTS.vacationDaysPerYear,
    sickDaysPerYear: row?.sickDaysPerYear ?? DEFAULTS.sickDaysPerYear,
  };
}

/**
 * The VA's other contracts that build shifts (active ones), as the engine sees them: a make-up shift must not
 * clash with a shift their schedules will put beyond the attendances built so far.
 */
export async function activeContractsOfVa(db: Db, vaId: number, organizationId: number) {
  const rows = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(
        eq(contracts.vaId, vaId),
        eq(contracts.organizationId, organizationId),
        eq(contracts.status, 'active'),
      ),
    );
  const found = await Promise.all(rows.map((r) => engineContract(db, r.id)));
  return found.filter((c): c is EngineContract => c !== null);
}

/** A contract's zone as SQL (a scalar subquery on `contractId`). */
export const contractTimezoneSql = (contractId: SQLWrapper): SQL<string> =>
  sql<string>`(select ${contracts.timezone} from ${contracts} where ${contracts.id} = ${contractId})`;
