import { baseName } from './modules/base/public';

export const main = () => baseName;
