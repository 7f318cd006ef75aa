import { twoName } from '../two/public';

export const down = twoName;
