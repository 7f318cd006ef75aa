import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../platform/transaction';
import { contracts } from './contracts.table';

/**
 * What the money module (issue 30) needs of contracts: the billed rate and currency, the VA's pay rate, its
 * currency and overtime multiplier, as integer cents and hundredths. Never served as is: the invoice shows the
 * billed rate to its client, the pay stays with admins and the VA.
 */
export type ContractRates = {
  id: number;
  vaId: number;
  clientId: number;
  title: string;
  currency: string;
  /** The billed hourly rate in cents, or null (no rate: the time cannot be invoiced). */
  rateCents: number | null;
  payCurrency: string;
  payRateCents: number | null;
  /** The overtime multiplier in hundredths (150 = 1.5×). */
  overtimeMultiplierHundredths: number;
};

/** Cents of a `numeric(10,2)` text, without going through a binary fraction. */
export function centsOf(value: string | null): number | null {
  if (value === null) return null;
  const [whole, frac = ''] = value.split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number(frac.padEnd(2, '0').slice(0, 2)));
}

export async function contractRates(db: Db | Tx, ids: Iterable<number>): Promise<Map<number, ContractRates>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select().from(contracts).where(inArray(contracts.id, unique));
  return new Map(
    rows.map((c) => [
      c.id,
      {
        id: c.id,
        vaId: c.vaId,
        clientId: c.clientId,
        title: c.title,
        currency: c.currency,
        rateCents: centsOf(c.hourlyRate),
        payCurrency: c.payCurrency ?? c.currency,
        payRateCents: centsOf(c.payRate),
        overtimeMultiplierHundredths: centsOf(c.payOvertimeMultiplier) ?? 100,
      },
    ]),
  );
}
