import { baseName } from '../src/modules/base/public';

export const bench = () => baseName;
