/**
 * The import boundaries `npm test` checks (docs/decisions/0019-checked-boundaries.md):
 * the shared layer knows no feature, modules meet only through what each exposes, client features
 * do not import each other, and nothing imports itself back round a cycle.
 */
const MODULE = '^src/modules/([^/]+)/';

module.exports = {
  forbidden: [
    {
      name: 'shared-layer-knows-no-feature',
      comment: 'src/lib and src/shared are used by every module and by the browser: they import no module and no client code.',
      severity: 'error',
      from: { path: '^src/(lib|shared)/' },
      to: { path: '^src/(modules|web)/' },
    },
    {
      name: 'module-through-its-service',
      comment:
        "A module reaches another through that module's service (its types included), its pure rules and valibot models (shared with the browser), its schema and content under the two rules below, and, for routes, auth's session plugin.",
      severity: 'error',
      from: { path: MODULE, pathNot: '\\.test\\.tsx?$' },
      to: {
        path: '^src/modules/([^/]+)/',
        pathNot: [
          '^src/modules/$1/',
          '^src/modules/[^/]+/(service|rules|model|schema|content)\\.ts$',
          '^src/modules/auth/plugin\\.ts$',
          '^src/modules/[^/]+/module\\.ts$',
        ],
      },
    },
    {
      name: 'schema-references-only-schemas',
      comment: "Another module's tables are named only by a schema's foreign keys (its types may be read anywhere); code asks that module's service.",
      severity: 'error',
      from: { path: MODULE, pathNot: ['/schema\\.ts$', '\\.test\\.tsx?$'] },
      to: { path: '^src/modules/([^/]+)/schema\\.ts$', pathNot: '^src/modules/$1/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'content-builds-on-content',
      comment: "Only a content plugin reads another module's content plugin (its types may be read anywhere): the importer applies them in the list's order.",
      severity: 'error',
      from: { path: MODULE, pathNot: ['/content\\.ts$', '\\.test\\.tsx?$'] },
      to: { path: '^src/modules/([^/]+)/content\\.ts$', pathNot: '^src/modules/$1/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'client-features-apart',
      comment: 'A client feature imports no other feature: what two share lives in src/web/ui or src/web/lib.',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/([^/]+)/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'client-shared-knows-no-feature',
      comment: 'src/web/lib and src/web/ui serve every client feature: they import no feature and not the shell (docs/decisions/0018-client-shell.md).',
      severity: 'error',
      from: { path: '^src/web/(lib|ui)/' },
      to: { path: '^src/web/(features/|shell/|router\\.tsx$|main\\.tsx$)' },
    },
    {
      name: 'client-features-below-the-shell',
      comment: 'The shell and the router compose the features; a feature imports neither (docs/decisions/0018-client-shell.md).',
      severity: 'error',
      from: { path: '^src/web/features/' },
      to: { path: '^src/web/(shell/|router\\.tsx$|main\\.tsx$)' },
    },
    {
      name: 'client-reads-the-contract',
      comment:
        "The browser knows the server through the typed contract (src/web/lib/api.ts types every reply from the app) and through the modules' pure rules and valibot models, shared with it by design: never a service, a schema or any other server file of a module (docs/decisions/0059-client-reads-replies.md).",
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/modules/', pathNot: '^src/modules/[^/]+/(rules|model)\\.ts$' },
    },
    {
      name: 'no-cycles',
      comment: 'No file imports itself back through others, on the server or in the client (a type read back is no cycle: types leave nothing to load).',
      severity: 'error',
      from: { path: '^(src|scripts|tests)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    // TypeScript 7 has no compiler API yet: swc reads the sources.
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
