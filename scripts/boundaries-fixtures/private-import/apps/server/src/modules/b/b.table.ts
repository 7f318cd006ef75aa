import { pgTable, text } from 'drizzle-orm/pg-core';

export const bs = pgTable('bs', { id: text('id').primaryKey() });
