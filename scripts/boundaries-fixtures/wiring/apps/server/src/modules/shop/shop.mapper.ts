import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { orders } from './shop.table';

export type Row = typeof orders & { where?: SQL };
export const toOrder = (db: Db, row: Row) => ({ db, row });
