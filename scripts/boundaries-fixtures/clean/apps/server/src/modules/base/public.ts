export { baseName } from './base.service';
