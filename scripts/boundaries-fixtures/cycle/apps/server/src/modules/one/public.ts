export { oneName } from './one.service';
