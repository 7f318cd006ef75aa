import { pgTable, text } from 'drizzle-orm/pg-core';
import { bases } from '../base/base.table';

export const tops = pgTable('tops', { baseId: text('base_id').references(() => bases.id) });
