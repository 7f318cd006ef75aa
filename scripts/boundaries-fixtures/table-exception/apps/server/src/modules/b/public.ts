export { bName } from './b.service';
