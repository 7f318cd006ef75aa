export { knownName } from './known.service';
