export { lowName } from './low.service';
