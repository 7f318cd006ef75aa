import { pgTable, text } from 'drizzle-orm/pg-core';

export const bases = pgTable('bases', { id: text('id').primaryKey() });
