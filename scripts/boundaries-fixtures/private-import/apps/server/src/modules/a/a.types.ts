import type { bName } from '../b/b.service';

export type Name = typeof bName;
