import { orders } from './shop.table';

export const shopModule = { tables: [orders] };
