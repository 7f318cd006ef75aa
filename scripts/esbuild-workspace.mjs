import { join } from 'node:path';

/**
 * Makes an esbuild build resolve `@vahub/<package>/<path>` to the workspace's TypeScript source
 * (`packages/<package>/src/<path>.ts`), so the shared packages are bundled rather than left to Node, which
 * cannot load `.ts`. Used by the server's build and the agent's packaging.
 */
export function resolveWorkspace(build, root) {
  build.onResolve({ filter: /^@vahub\/(shared|tracker-core)\// }, (args) => {
    const [, name, path] = /^@vahub\/([^/]+)\/(.+)$/.exec(args.path);
    return { path: join(root, 'packages', name, 'src', `${path}.ts`) };
  });
}
