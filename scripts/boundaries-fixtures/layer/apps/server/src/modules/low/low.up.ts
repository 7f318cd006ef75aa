import { highName } from '../high/public';

export const up = highName;
