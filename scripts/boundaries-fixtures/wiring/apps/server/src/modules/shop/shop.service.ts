import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from './shop.table';

// A use case owns its queries.
export const orderById = (db: Db, id: number) => db.execute(eq(orders, id));
