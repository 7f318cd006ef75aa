import type { baseName } from '../modules/base/public';

export type Name = typeof baseName;
