import type { Area } from '@vahub/shared/auth/roles';
import type { Guards } from '../plugins/authenticate';
import type { Route } from './route';
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

/**
 * What a domain module gets to plug itself in: `route` registers its endpoint contracts (path, schemas and
 * guard from `packages/shared`); `deps` gives the platform services (jobs, events, realtime, storage).
 */
export type ModuleContext = { app: App; deps: Deps; route: Route; guards: Guards; areas: AreaRegistry };

/** A domain module: registers its own routes, consumers, jobs; never another module's. */
export type AppModule = { name: string; register(ctx: ModuleContext): void };

export const defineModule = (module: AppModule): AppModule => module;
