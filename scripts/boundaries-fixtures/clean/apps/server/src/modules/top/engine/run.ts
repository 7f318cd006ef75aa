import type { baseName } from '../../base/public';
import { topName } from '../top.service';

export const run = (base: typeof baseName) => `${base} ${topName}`;
export const later = () => import('../../base/public');
