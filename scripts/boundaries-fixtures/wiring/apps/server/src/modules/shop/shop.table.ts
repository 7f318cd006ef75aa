import { pgTable } from 'drizzle-orm/pg-core';

export const orders = pgTable('orders', {});
