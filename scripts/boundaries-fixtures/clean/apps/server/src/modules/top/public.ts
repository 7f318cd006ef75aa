export { topName } from './top.service';
