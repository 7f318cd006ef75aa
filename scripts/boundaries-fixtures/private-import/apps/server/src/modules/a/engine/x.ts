import { bs } from '../../b/b.table';

export const table = bs;
