// The notifications module's public API: what other modules and app.ts may use. Nothing else of this folder is theirs.

// app.ts: the module itself, to register it.
export { notificationsModule } from './notifications.module';
