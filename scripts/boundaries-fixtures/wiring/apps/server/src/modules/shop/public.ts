export { orderById } from './shop.service';
export { orders } from './shop.table';
