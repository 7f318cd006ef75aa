export { strayName } from './stray.service';
