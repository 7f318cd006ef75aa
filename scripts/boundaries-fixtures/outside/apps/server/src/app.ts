import { baseModule } from './modules/base/base.module';
import { baseService } from './modules/base/base.service';

export const modules = [baseModule, baseService];
