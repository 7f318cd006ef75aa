export { aName } from './a.service';
