import { fileURLToPath } from 'node:url';

/**
 * Which chunk a module goes to, for the pages whose first load counts (`npm run lighthouse`): each request costs a
 * round trip on a phone's network, and Rolldown's own splitting gives a dashboard ~80 scripts (one per set of pages
 * sharing a module). A group names the modules its roots import statically (directly or not; a dynamic import is
 * where it stops), less those an earlier group took:
 * - what the entry imports: `vendor` (npm packages) and `app` (ours);
 * - what the sign-in page's lazy routes add (auth frame, sign-in page, error boundary, error texts): `vendor` and
 *   `sign-in`;
 * - the overlays loaded after the first paint: `overlays`;
 * - every dashboard's frame (sidebar, header, user menu, notification bell) and what every home uses: `dashboard`;
 * - the homes showing attendance (admin, manager, client) with their loaders: `home-attendance`; the VA's home with
 *   its timer: `home-va`.
 * What the dashboards share with the public pages stays out of their groups, so a public page never loads a
 * dashboard's code: shared with the landing and status pages it goes to `ui`, with the public forms only to `shared`.
 * Everything else keeps Rolldown's splitting.
 */
const src = fileURLToPath(new URL('../src/', import.meta.url));

type Group = {
  roots: Record<string, string[]>;
  /** The chunk of the group's npm packages and of our own modules; by users: the name of the roots sharing it. */
  name: (users: string[], isPackage: boolean) => string;
};

const GROUPS: Group[] = [
  { roots: { entry: [`${src}main.tsx`] }, name: (_, pkg) => (pkg ? 'vendor' : 'app') },
  {
    roots: {
      signIn: [
        `${src}components/layouts/auth-layout.tsx`,
        `${src}app/routes/login-page.tsx`,
        `${src}components/layouts/route-error.tsx`,
        `${src}locales/errors/en.json`,
      ],
    },
    name: (_, pkg) => (pkg ? 'vendor' : 'sign-in'),
  },
  { roots: { overlays: [`${src}app/overlays.tsx`] }, name: () => 'overlays' },
  { roots: { dashboard: [`${src}app/layouts/dashboard-layout.tsx`] }, name: () => 'dashboard' },
  {
    roots: {
      admin: [`${src}app/routes/homes/admin-home.tsx`, `${src}app/routes/homes/home-loaders.ts`],
      manager: [`${src}app/routes/homes/manager-home.tsx`, `${src}app/routes/homes/home-loaders.ts`],
      client: [`${src}app/routes/homes/client-home.tsx`, `${src}app/routes/homes/home-loaders.ts`],
      va: [`${src}app/routes/homes/va-home.tsx`],
    },
    // What every home uses goes with the frame; the VA's timer stays away from the others' attendance figures.
    name: (users) =>
      users.length === 1 && users[0] === 'va'
        ? 'home-va'
        : users.includes('va')
          ? 'dashboard'
          : 'home-attendance',
  },
];

/**
 * Pages a visitor who is not signed in opens, which the dashboards' groups leave alone: the landing and status pages
 * (light: no forms) and the forms (sign-up, setup, invitation, email check, plan choice, with the shared schemas and
 * zod). What a dashboard shares with them goes to `ui` (with the light pages) and `shared` (with the forms only),
 * so a public page never loads a dashboard's code and a dashboard loads two chunks for it, not a dozen.
 */
const LIGHT_PUBLIC_PAGES = [
  'components/layouts/landing-layout.tsx',
  'components/layouts/checkout-layout.tsx',
  'app/routes/home-page.tsx',
  'app/routes/status-pages.tsx',
  'app/routes/error-pages.tsx',
].map((page) => `${src}${page}`);
const PUBLIC_FORMS = [
  'app/routes/signup-page.tsx',
  'app/routes/setup-page.tsx',
  'app/routes/invite-page.tsx',
  'app/routes/email-verify-page.tsx',
  'app/routes/select-subscription-page.tsx',
].map((page) => `${src}${page}`);
/** The first group whose modules the public pages may share. */
const FIRST_PRIVATE = 3;

export type ModuleInfoLookup = (id: string) => { importedIds: readonly string[]; code: string | null } | null;

const packageOf = (id: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1];
const NAMED_IMPORT = /(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
/** The names in `{ a, b as c }`: as imported (`a`, `b`) or as bound here (`a`, `c`). */
const namesIn = (list: string, side: 'imported' | 'local') =>
  list
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .filter((names) => names[0])
    .map((names) => (side === 'imported' ? names[0] : (names[1] ?? names[0])).trim());

/**
 * What `importer` really takes from a package's index file, which re-exports the whole package
 * (`@mantine/core`, `@tabler/icons-react`): the modules that define the names it imports. Null (follow all of the
 * index) when it cannot tell for every name.
 */
function takenFromIndex(index: string, importer: string, getModuleInfo: ModuleInfoLookup): string[] | null {
  const pkg = packageOf(index);
  const importerCode = getModuleInfo(importer)?.code;
  const indexInfo = getModuleInfo(index);
  const indexCode = indexInfo?.code;
  // `export *` passes names through unnamed: follow all of it.
  if (!pkg || !importerCode || !indexInfo || !indexCode || /export\s*\*/.test(indexCode)) return null;
  const wanted = new Set<string>();
  for (const [, list, from] of importerCode.matchAll(NAMED_IMPORT)) {
    if (from === pkg) for (const name of namesIn(list, 'imported')) wanted.add(name);
  }
  if (wanted.size === 0) return null;
  const files = new Set<string>();
  const found = new Set<string>();
  for (const [, list, from] of indexCode.matchAll(NAMED_IMPORT)) {
    const names = namesIn(list, 'local').filter((name) => wanted.has(name));
    if (names.length === 0) continue;
    // The module as resolved: a file of the package (the index may leave out the extension, or name a folder), or
    // another package.
    const path = from.startsWith('.') ? fileURLToPath(new URL(from, `file://${index}`)) : null;
    const file = indexInfo.importedIds.find((id) =>
      path
        ? id === path || id.startsWith(`${path}.`) || id.startsWith(`${path}/index.`)
        : packageOf(id) === from,
    );
    if (!file) return null;
    files.add(file);
    for (const name of names) found.add(name);
  }
  return found.size === wanted.size ? [...files] : null;
}

/**
 * A package's entry, which usually gathers and re-exports the package's modules (`index.mjs`, or named after the
 * package: `tabler-icons-react.mjs`): a module of a package that the importer names by the package's name.
 */
function isPackageEntry(id: string, importer: string, getModuleInfo: ModuleInfoLookup): boolean {
  const pkg = packageOf(id);
  if (!pkg || packageOf(importer) === pkg) return false;
  const code = getModuleInfo(importer)?.code ?? '';
  return code.includes(`"${pkg}"`) || code.includes(`'${pkg}'`);
}

/**
 * The modules `roots` import statically, directly or not (dynamic imports are where a closure stops). Through a
 * package's index file it follows only the names imported, as tree-shaking will: the index names every module of
 * the package, most of which only dashboards use.
 */
function staticClosure(roots: string[], getModuleInfo: ModuleInfoLookup, seen: ReadonlySet<string>) {
  const found = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id) || found.has(id)) continue;
    found.add(id);
    for (const next of getModuleInfo(id)?.importedIds ?? []) {
      const taken = isPackageEntry(next, id, getModuleInfo) ? takenFromIndex(next, id, getModuleInfo) : null;
      // The index itself too, without the rest of what it imports: it may stay in the bundle (a package without
      // `sideEffects: false`), and modules of a group must not import a chunk that imports the group back.
      if (taken && !seen.has(next)) found.add(next);
      if (taken) stack.push(...taken);
      else stack.push(next);
    }
  }
  return found;
}

/** Every grouped module and its chunk's name, from the module graph. */
function chunkGroups(getModuleInfo: ModuleInfoLookup): Map<string, string> {
  const groups = new Map<string, string>();
  const taken = new Set<string>();
  const isPackage = (m: string) => m.includes('/node_modules/');
  let lightPublic = new Set<string>();
  let publicForms = new Set<string>();
  GROUPS.forEach((group, index) => {
    if (index === FIRST_PRIVATE) {
      lightPublic = staticClosure(LIGHT_PUBLIC_PAGES, getModuleInfo, taken);
      publicForms = staticClosure(PUBLIC_FORMS, getModuleInfo, taken);
    }
    const users = new Map<string, string[]>();
    for (const [user, roots] of Object.entries(group.roots)) {
      for (const m of staticClosure(roots, getModuleInfo, taken))
        users.set(m, [...(users.get(m) ?? []), user]);
    }
    for (const [m, by] of users) {
      const name = lightPublic.has(m)
        ? 'ui'
        : publicForms.has(m)
          ? 'shared'
          : group.name(by.sort(), isPackage(m));
      groups.set(m, name);
      taken.add(m);
    }
  });
  return groups;
}

let groups: Map<string, string> | null = null;

/** The chunk a module goes to (null: Rolldown's own splitting), the groups computed once per build. */
export function chunkGroupOf(id: string, getModuleInfo: ModuleInfoLookup): string | null {
  groups ??= chunkGroups(getModuleInfo);
  return groups.get(id) ?? null;
}

/** A new build (watch mode, tests building twice) computes the groups again. */
export function resetChunkGroups(): void {
  groups = null;
}
