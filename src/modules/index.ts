import { Elysia } from 'elysia';
import type { ContentPlugin } from '../content/types';
import type { AppContext } from '../lib/context';
import type { Job } from '../lib/jobs';
import type { ModuleDefinition } from '../lib/module';
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
 * THE list of feature modules (docs/decisions/0017-module-definition.md). The app mounts their routes
 * and the importer applies their content in this order (lessons point at vocabulary's topics and verbs);
 * services are built in the order of what they need.
 */
export const modules = [
  authModule,
  billingModule,
  accountModule,
  vocabularyModule,
  streakModule,
  flaggedModule,
  whichWordModule,
  lettersModule,
  sentencesModule,
  lessonsModule,
  dialoguesModule,
  conversationsModule,
  grammarModule,
  statsModule,
  reportsModule,
  reviewModule,
  spellingModule,
  listeningModule,
  speakingModule,
  speechModule,
  answerKeysModule,
  courseModule,
] as const;

type Modules = typeof modules;

/** Every module's service by module name; a module calls another only through these, and only one before it (src/modules/order.json). */
export type Services = { [M in Modules[number] as M['name']]: ReturnType<M['service']> };

/** The services named in `names`, from those built so far. */
function pick(built: Record<string, unknown>, names: readonly string[], forModule: string) {
  const deps: Record<string, unknown> = {};
  for (const name of names) {
    if (!(name in built)) throw new Error(`module ${forModule} needs ${name}, which is not in src/modules/index.ts or needs ${forModule} in turn`);
    deps[name] = built[name];
  }
  return deps;
}

/** Builds every service once, each after the services it needs and with only those. */
export function createServices(ctx: AppContext): Services {
  const built: Record<string, unknown> = {};
  const building = new Set<string>();
  const byName = new Map<string, ModuleDefinition>(modules.map((m) => [m.name, m]));
  const build = (module: ModuleDefinition) => {
    if (module.name in built || building.has(module.name)) return;
    building.add(module.name);
    for (const name of module.needs) {
      const needed = byName.get(name);
      if (needed) build(needed);
    }
    built[module.name] = module.service(ctx, pick(built, module.needs, module.name));
  };
  for (const module of modules) build(module);
  return built as Services;
}

type RoutesOf<M> = M extends ModuleDefinition<string, any, any, any, infer Routes> ? Routes : never;
/** The routes plugins in the list's order, typed one by one so the app keeps end-to-end route types. */
type RoutesOfEach<List extends readonly unknown[]> = { -readonly [I in keyof List]: RoutesOf<List[I]> };
type ModuleRoutes = RoutesOfEach<Modules>;

/** Every module's routes; each controller gets only the services it names. */
export function featureModules(ctx: AppContext, services: Services) {
  const built: Record<string, unknown> = services;
  const plugins = modules.map((module: ModuleDefinition) => module.routes.plugin(ctx, pick(built, module.routes.needs, module.name))) as unknown as ModuleRoutes;
  return new Elysia({ name: 'modules' }).use(plugins);
}

/** Every content plugin, in the order the importer applies them. */
export const contentPlugins: ContentPlugin<any>[] = modules.flatMap((module: ModuleDefinition) => module.content);

/** Every module's jobs, for the server's runner (src/server.ts). */
export function moduleJobs(ctx: AppContext, services: Services): Job[] {
  const built: Record<string, unknown> = services;
  return modules.flatMap((module: ModuleDefinition) => module.jobs(ctx, built[module.name]));
}
