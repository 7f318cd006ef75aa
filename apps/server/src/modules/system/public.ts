// The system module's public API: what the process entry and other modules may use.
export { setupLink } from './setup.service';
