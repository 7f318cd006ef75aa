import type { Area } from '@vahub/shared/auth/roles';
import type { Guards } from '../plugins/authenticate';
import type { App, Deps } from './types';

/** Routes to register inside `/api/v1/{area}-access`, where the area's role guard already ran. */
export type AreaRegistry = Record<Area, Array<(scope: App) => void>>;

export const createAreaRegistry = (): AreaRegistry => ({
  'super-admin': [],
  admin: [],
  manager: [],
  client: [],
  va: [],
});

/** What a domain module gets to register its routes: global ones on `app`, area ones in `areas`. */
export type ModuleContext = { app: App; deps: Deps; guards: Guards; areas: AreaRegistry };
