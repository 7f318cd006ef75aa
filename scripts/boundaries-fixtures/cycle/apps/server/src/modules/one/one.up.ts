import { threeName } from '../three/public';

export const up = threeName;
