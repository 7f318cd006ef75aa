// Preloaded into the compiled server by `npm start` (scripts/server-process.mjs): stack traces through the server's
// own bundle point at its TypeScript, as `--enable-source-maps` does, without reading and keeping the source maps
// of every npm package that ships one (15 MB of the server's heap, for frames inside those packages).
import module from 'node:module';

module.setSourceMapsSupport(true, { nodeModules: false });
