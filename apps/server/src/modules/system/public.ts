// The system module's public API: what the process entry and other modules may use.
export { setupLink } from './setup.service';

// app.ts: the module itself, to register it. Imported last, after what other modules use of this file: its
// routes and services reach other modules' public APIs, and some of those come back here while loading.
import { systemModule } from './system.module';

export { systemModule };
