/**
 * The layers of app/ (SPEC-3 §E, docs/architecture.md#layers), enforced by `npm run lint` and `npm test`:
 *
 *   routes → ui, web → features → models, integrations → db → schemas → domain
 *
 * An import points down this list, never up; nothing imports in a circle; every module is used. Each folder's
 * README.md says the same in words.
 */
const layers = {
  ui: ['ui', 'schemas', 'domain'],
  web: ['web', 'features', 'models', 'integrations', 'db', 'schemas', 'domain'],
  features: ['features', 'models', 'integrations', 'db', 'schemas', 'domain'],
  integrations: ['integrations', 'models', 'db', 'schemas', 'domain'],
  models: ['models', 'db', 'schemas', 'domain'],
  db: ['db', 'schemas', 'domain'],
  schemas: ['schemas', 'domain'],
  domain: ['domain'],
};
const all = ['routes', ...Object.keys(layers)];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...Object.entries(layers).map(([layer, may]) => ({
      name: `${layer}-imports-down-only`,
      comment: `app/${layer} may import only ${may.join(', ')} (see app/${layer}/README.md)`,
      severity: 'error',
      from: { path: `^app/${layer}/` },
      to: { path: `^app/(${all.filter((l) => !may.includes(l)).join('|')})/` },
    })),
    {
      name: 'nothing-imports-a-route',
      comment: 'a route is a URL; share what two routes need through a lower layer',
      severity: 'error',
      from: { path: '^app/', pathNot: '^app/routes/' },
      to: { path: '^app/routes/' },
    },
    {
      name: 'no-circular',
      comment: 'modules (and so folders) never import each other in a circle',
      severity: 'error',
      from: { path: '^app/' },
      to: { circular: true },
    },
    {
      name: 'no-unused-module',
      comment: 'a module of app/ that no route or entry reaches is dead code (tests and scripts reach through these)',
      severity: 'error',
      from: { path: ['^app/routes/', '^app/entry\\.', '^app/root\\.tsx$', '^scripts/', '^prisma/seed\\.ts$'] },
      to: {
        path: '^app/',
        pathNot: [
          '^app/routes/',
          '^app/entry\\.',
          '^app/root\\.tsx$',
          // The route config: Remix's Vite plugin reads it (vite.config.ts).
          '^app/routes\\.ts$',
          '\\.test\\.tsx?$',
          '\\.(css|md)$',
          // Started as a worker thread by path (features/import/read.server.ts), not imported.
          'spreadsheet-worker\\.(mjs|ts)$',
          // The golfers' service worker: bundled by scripts/build.mjs by path, served by the server, never imported.
          'golfer-worker\\.ts$',
        ],
        reachable: false,
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|build)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
