#!/usr/bin/env node
// `npm run demo`: the app with the demo agency, in its own data folder (./data/demo unless DATA_DIR says
// otherwise), so demo people never mix into a real installation's ./data.
import './node-version.mjs';

process.env.SEED_DEMO = 'true';
process.env.DATA_DIR ||= 'data/demo';
await import('./start.mjs');
