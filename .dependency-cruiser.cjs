/**
 * The import boundaries `npm test` checks (docs/decisions/0019-checked-boundaries.md):
 * the shared layer knows no feature, the content package sits between it and the modules that plug
 * into it, modules meet only through what each exposes and only downwards in their order, client
 * features do not import each other, test helpers stay with the tests, and nothing imports itself back
 * round a cycle, not even through types alone (docs/decisions/0050-modules-depend-one-way.md).
 */
const MODULE = '^src/modules/([^/]+)/';
const NOT_A_TEST = '\\.test\\.tsx?$';

/**
 * The modules' order, lowest first: the list in src/modules/index.ts, read here as text (each entry's
 * import names its folder, which is the module's name). A module imports, and its service and routes need
 * (src/modules/list.test.ts), only modules before it. So no module both calls and is called by another:
 * what an answer moves (flagged, streak, stats, review) sits below vocabulary, which composes it
 * (docs/decisions/0050-modules-depend-one-way.md).
 */
function moduleOrder() {
  const list = require('node:fs').readFileSync(require('node:path').join(__dirname, 'src/modules/index.ts'), 'utf8');
  const folders = new Map(
    [...list.matchAll(/^import \{ (\w+) \} from '\.\/([^/']+)\/module';$/gm)].map(([, name, folder]) => [name, folder]),
  );
  const entries = /^export const modules = \[([^\]]*)\] as const;$/m.exec(list);
  if (!entries) throw new Error('src/modules/index.ts: no `export const modules = [...] as const;` to read the order from');
  return entries[1]
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((name) => {
      if (!folders.has(name)) throw new Error(`src/modules/index.ts: ${name} is not imported from './<folder>/module'`);
      return folders.get(name);
    });
}
const MODULE_ORDER = moduleOrder();

/** One rule per module: nothing it imports (types included) may come from a module after it in the order. */
const downTheOrder = MODULE_ORDER.slice(0, -1).map((name, i) => ({
  name: 'modules-down-the-order',
  comment: `${name} comes before ${MODULE_ORDER.slice(i + 1).join(', ')} in src/modules/index.ts: it imports none of them, types included.`,
  severity: 'error',
  from: { path: `^src/modules/${name}/`, pathNot: NOT_A_TEST },
  to: { path: `^src/modules/(${MODULE_ORDER.slice(i + 1).join('|')})/` },
}));

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
      name: 'shared-layer-below-content',
      comment: 'src/lib and src/shared sit below the content package (src/content): they import none of it, types included.',
      severity: 'error',
      from: { path: '^src/(lib|shared)/', pathNot: NOT_A_TEST },
      to: { path: '^src/content/' },
    },
    {
      name: 'content-below-modules',
      comment:
        'The content package (its formats, field rules, checks, importer and commands) knows no module: each module plugs its content.ts into the list, and the commands take the plugins scripts/ hand them.',
      severity: 'error',
      from: { path: '^src/content/', pathNot: NOT_A_TEST },
      to: { path: '^src/modules/' },
    },
    {
      name: 'top-imported-by-none-below',
      comment:
        'src/app.ts, src/boot.ts and src/server.ts compose everything below them: the shared layer, the content package and the modules import none of them (configOrExit lives in src/config.ts).',
      severity: 'error',
      from: { path: '^src/(lib|shared|db|content|modules)/', pathNot: NOT_A_TEST },
      to: { path: '^src/(app|boot|server)\\.ts$' },
    },
    {
      name: 'content-commands-from-scripts',
      comment: 'The content commands (import, stats, reports) are started by scripts/ only: the server and its modules never import them.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/content/commands/', '\\.test\\.tsx?$'] },
      to: { path: '^src/content/commands/' },
    },
    {
      name: 'test-helpers-in-tests',
      comment: 'Test helpers live in tests/support (and fakes in tests/fakes): code that runs in production imports nothing from tests/.',
      severity: 'error',
      from: { path: '^(src|scripts)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^tests/' },
    },
    {
      name: 'module-through-its-service',
      comment:
        "A module reaches another through that module's service (its types included), its pure rules and valibot models (shared with the browser), its schema and content under the two rules below, and, for routes, auth's session plugin.",
      severity: 'error',
      from: { path: MODULE, pathNot: NOT_A_TEST },
      to: {
        path: '^src/modules/([^/]+)/',
        pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/(service|rules|model|schema|content)\\.ts$', '^src/modules/auth/plugin\\.ts$'],
      },
    },
    ...downTheOrder,
    {
      name: 'modules-do-not-import-the-list',
      comment:
        'src/modules/index.ts composes every module; a module that imported it would need the modules above it. It is handed what it needs instead.',
      severity: 'error',
      from: { path: MODULE, pathNot: NOT_A_TEST },
      to: { path: '^src/modules/index\\.ts$' },
    },
    {
      name: 'no-foreign-key-across-modules',
      comment:
        "A schema names no other module's tables but auth's users (every learner's row is deleted with its account): rows that point at another module's are that module's ids, checked by its service.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/schema\\.ts$' },
      to: {
        path: '^src/modules/[^/]+/schema\\.ts$',
        pathNot: ['^src/modules/$1/', '^src/modules/auth/schema\\.ts$'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'schema-references-only-schemas',
      comment:
        "Another module's tables are named only by a schema's foreign keys (its types may be read anywhere); code asks that module's service.",
      severity: 'error',
      from: { path: MODULE, pathNot: ['/schema\\.ts$', NOT_A_TEST] },
      to: { path: '^src/modules/([^/]+)/schema\\.ts$', pathNot: '^src/modules/$1/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'content-builds-on-content',
      comment:
        "Only a content plugin reads another module's content plugin (its types may be read anywhere): the importer applies them in the list's order.",
      severity: 'error',
      from: { path: MODULE, pathNot: ['/content\\.ts$', NOT_A_TEST] },
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
      comment:
        'src/web/lib and src/web/ui serve every client feature: they import no feature and not the shell (docs/decisions/0018-client-shell.md).',
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
      comment:
        'No file imports itself back through others, on the server or in the client, types included: a cycle of types is two files that cannot be read apart.',
      severity: 'error',
      from: { path: '^(src|scripts|tests)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The boundary fixtures break the rules on purpose (src/modules/boundaries.test.ts checks them on their own).
    exclude: { path: '^(node_modules|dist|tests/fixtures)/' },
    tsPreCompilationDeps: true,
    // TypeScript 7 has no compiler API yet: swc reads the sources.
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
