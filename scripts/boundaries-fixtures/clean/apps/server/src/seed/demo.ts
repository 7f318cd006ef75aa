import { baseName } from '../modules/base/public';

export const seed = () => baseName;
