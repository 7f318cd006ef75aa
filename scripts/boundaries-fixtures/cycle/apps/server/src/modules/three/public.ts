export { threeName } from './three.service';
