import { Elysia, type AnyElysia } from 'elysia';
import type { ContentPlugin } from '../content/types';
import type { AppContext } from '../lib/context';
import type { Job } from '../lib/jobs';

/**
 * Everything the app needs to know about one feature module, declared once in its folder
 * (docs/decisions/0017-module-definition.md); its name is its folder's. The services of other modules are
 * named, never built here: the one list in src/modules/index.ts builds the services in its order and hands
 * each only those it `needs`, all from modules before it (docs/decisions/0050-modules-depend-one-way.md).
 * It sits above src/content, whose plugin type it names (docs/decisions/0077-content-in-one-home.md).
 */
export interface ModuleDefinition<
  Name extends string = string,
  Deps = any,
  Service = unknown,
  RouteDeps = any,
  Routes extends AnyElysia = AnyElysia,
> {
  name: Name;
  /** The modules whose services this module's service uses; they are built first. */
  needs: readonly string[];
  /** Its drizzle tables (its schema.ts), which drizzle-kit reads from that file. */
  tables: Record<string, unknown>;
  /** Its content plugins, in the order the importer applies them. */
  content: readonly ContentPlugin<any>[];
  service(ctx: AppContext, deps: Deps): Service;
  /** Its HTTP routes: the controller gets the services it names (its own included), and no others. */
  routes: { needs: readonly string[]; plugin(ctx: AppContext, deps: RouteDeps): Routes };
  /** What the server repeats while this module runs (src/lib/jobs.ts). */
  jobs(ctx: AppContext, service: Service): Job[];
}

/** Names listed in `needs` that the factory does not take, or that it takes but are not listed. */
type Mismatch<Deps, Listed extends readonly string[]> = Exclude<keyof Deps, Listed[number]> | Exclude<Listed[number], keyof Deps>;
type Checked<Deps, Listed extends readonly string[], T> = [Mismatch<Deps, Listed>] extends [never]
  ? T
  : { 'needs does not match the factory': Mismatch<Deps, Listed> };

interface Declaration<Name extends string, Service, Needs, Deps, Routes extends AnyElysia, RouteNeeds, RouteDeps> {
  name: Name;
  needs?: Needs;
  tables?: Record<string, unknown>;
  content?: readonly ContentPlugin<any>[];
  service(ctx: AppContext, deps: Deps): Service;
  routes?: { needs?: RouteNeeds; plugin(ctx: AppContext, deps: RouteDeps): Routes };
  jobs?(ctx: AppContext, service: Service): Job[];
}

/**
 * Declares a module. Each `needs` (the service's, the routes') must name exactly the keys its factory
 * takes: a declaration that leaves a name out, or lists one it does not use, does not fit the list.
 */
export function defineModule<
  const Name extends string,
  Service,
  const Needs extends readonly string[] = [],
  Deps = {},
  Routes extends AnyElysia = Elysia,
  const RouteNeeds extends readonly string[] = [],
  RouteDeps = {},
>(
  def: Declaration<Name, Service, Needs, Deps, Routes, RouteNeeds, RouteDeps>,
): Checked<Deps, Needs, Checked<RouteDeps, RouteNeeds, ModuleDefinition<Name, Deps, Service, RouteDeps, Routes>>>;
export function defineModule(def: Declaration<string, unknown, readonly string[], any, AnyElysia, readonly string[], any>): unknown {
  return {
    name: def.name,
    needs: def.needs ?? [],
    tables: def.tables ?? {},
    content: def.content ?? [],
    service: def.service,
    routes: def.routes ? { needs: def.routes.needs ?? [], plugin: def.routes.plugin } : { needs: [], plugin: () => new Elysia() },
    jobs: def.jobs ?? (() => []),
  };
}
