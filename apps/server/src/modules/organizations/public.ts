// The organizations module's public API: what other modules may use. Nothing else of this folder is theirs.
export { contractDefaultsOf } from './settings.service';
