import type { Route } from './route';
import type { App, Deps } from './types';

/**
 * What a domain module gets to plug itself in: `route` registers its endpoint contracts (path, schemas and
 * guard from `packages/shared`); `deps` gives the platform services (jobs, events, realtime, storage).
 */
export type ModuleContext = { app: App; deps: Deps; route: Route };

/** A domain module: registers its own routes, consumers, jobs; never another module's. */
export type AppModule = { name: string; register(ctx: ModuleContext): void };

export const defineModule = (module: AppModule): AppModule => module;
