import { baseModule } from './modules/base/base.module';

export const modules = [baseModule];
