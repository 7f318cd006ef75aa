import { baseName } from '../src/modules/base/base.service';

export const bench = () => baseName;
