import { oneName } from '../one/public';

export const down = oneName;
