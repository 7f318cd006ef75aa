import { pgTable, text } from 'drizzle-orm/pg-core';
import { bName } from '../b/b.service';
import { bs } from '../b/b.table';

export const as = pgTable(bName, { bId: text('b_id').references(() => bs.id) });
