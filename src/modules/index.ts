import { Elysia } from 'elysia';
import type { ContentPlugin } from '../content/types';
import type { AppContext } from '../lib/context';
import type { Job } from '../lib/jobs';
import type { ModuleDefinition } from './define';
import { accountModule } from './account/module';
import { answerKeysModule } from './answer-keys/module';
import { authModule } from './auth/module';
import { billingModule } from './billing/module';
import { conversationsModule } from './conversations/module';
import { courseModule } from './course/module';
import { dialoguesModule } from './dialogues/module';
import { flaggedModule } from './flagged/module';
import { grammarModule } from './grammar/module';
import { lessonsModule } from './lessons/module';
import { lettersModule } from './letters/module';
import { listeningModule } from './listening/module';
import { reportsModule } from './reports/module';
import { reviewModule } from './review/module';
import { sentencesModule } from './sentences/module';
import { speakingModule } from './speaking/module';
import { speechModule } from './speech/module';
import { spellingModule } from './spelling/module';
import { statsModule } from './stats/module';
import { streakModule } from './streak/module';
import { vocabularyModule } from './vocabulary/module';
import { whichWordModule } from './which-word/module';

/**
 * THE list of feature modules, lowest first (docs/decisions/0017-module-definition.md,
 * docs/decisions/0050-modules-depend-one-way.md): each module's name is its folder, and it imports and
 * needs only modules before it (.dependency-cruiser.cjs reads this list; src/modules/list.test.ts holds
 * the needs to it). Services are built, routes mounted and content applied in this order (lessons and
 * grammar point at vocabulary's topics, words and verbs).
 */
export const modules = [
  authModule,
  billingModule,
  accountModule,
  answerKeysModule,
  spellingModule,
  streakModule,
  flaggedModule,
  statsModule,
  reviewModule,
  vocabularyModule,
  whichWordModule,
  lettersModule,
  sentencesModule,
  grammarModule,
  speakingModule,
  dialoguesModule,
  conversationsModule,
  speechModule,
  lessonsModule,
  reportsModule,
  listeningModule,
  courseModule,
] as const;

type Modules = typeof modules;

/** Every module's service by module name; a module calls another only through these, and only one before it in the list. */
export type Services = { [M in Modules[number] as M['name']]: ReturnType<M['service']> };

/** The services named in `names`, from those built so far. */
function pick(built: Record<string, unknown>, names: readonly string[], forModule: string) {
  const deps: Record<string, unknown> = {};
  for (const name of names) {
    if (!(name in built)) throw new Error(`module ${forModule} needs ${name}, which is not before it in src/modules/index.ts`);
    deps[name] = built[name];
  }
  return deps;
}

/** Builds every service once, in the list's order, each with only the services it needs. */
export function createServices(ctx: AppContext): Services {
  const built: Record<string, unknown> = {};
  for (const module of modules as readonly ModuleDefinition[])
    built[module.name] = module.service(ctx, pick(built, module.needs, module.name));
  return built as Services;
}

type RoutesOf<M> = M extends ModuleDefinition<string, any, any, any, infer Routes> ? Routes : never;
/** The routes plugins in the list's order, typed one by one so the app keeps end-to-end route types. */
type RoutesOfEach<List extends readonly unknown[]> = { -readonly [I in keyof List]: RoutesOf<List[I]> };
type ModuleRoutes = RoutesOfEach<Modules>;

/** Every module's routes; each controller gets only the services it names. */
export function featureModules(ctx: AppContext, services: Services) {
  const built: Record<string, unknown> = services;
  const plugins = modules.map((module: ModuleDefinition) =>
    module.routes.plugin(ctx, pick(built, module.routes.needs, module.name)),
  ) as unknown as ModuleRoutes;
  return new Elysia({ name: 'modules' }).use(plugins);
}

/** The content plugins of a list of modules, in its order: the order the importer applies them in. */
export const contentPluginsOf = (list: readonly ModuleDefinition[]): ContentPlugin<any>[] => list.flatMap((module) => module.content);

/** Every content plugin, for the import and the content commands (started by scripts/). */
export const contentPlugins = contentPluginsOf(modules);

/** Every module's jobs, for the server's runner (src/server.ts). */
export function moduleJobs(ctx: AppContext, services: Services): Job[] {
  const built: Record<string, unknown> = services;
  return modules.flatMap((module: ModuleDefinition) => module.jobs(ctx, built[module.name]));
}
