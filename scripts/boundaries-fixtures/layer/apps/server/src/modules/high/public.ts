export { highName } from './high.service';
