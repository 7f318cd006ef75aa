import { bName } from '../b/public';

export const ok = bName;
