import { bases } from '../modules/base/base.table';
import { baseName } from '../modules/base/public';

export const seed = () => [bases, baseName];
