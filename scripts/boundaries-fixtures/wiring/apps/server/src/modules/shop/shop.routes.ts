import { and } from 'drizzle-orm';
import { orderById } from './shop.service';

export const routes = () => [and, orderById];
