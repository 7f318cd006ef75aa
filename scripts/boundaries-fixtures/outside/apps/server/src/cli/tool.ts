import { baseName } from '../modules/base/public';

export const tool = () => baseName;
