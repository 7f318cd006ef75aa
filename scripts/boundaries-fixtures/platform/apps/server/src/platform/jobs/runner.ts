import { baseName } from '../../modules/base/base.service';

export const job = baseName;
