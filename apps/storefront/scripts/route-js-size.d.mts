// Types of route-js-size.mjs, for the size test (route-js-size.int.spec.ts).

export interface ChunkSize {
  readonly file: string;
  /** gzip -9 bytes. */
  readonly bytes: number;
}

export interface RouteSize {
  /** The route's path, e.g. `/event/$eventShortName/`. */
  readonly fullPath: string;
  /** Its file in src/routes, then its parent layouts' files, innermost first. */
  readonly files: readonly string[];
  /** gzip -9 bytes of the JavaScript a cold load of the route needs. */
  readonly bytes: number;
  readonly budget: number;
  readonly chunks: readonly ChunkSize[];
}

export interface Measurement {
  readonly entryBytes: number;
  readonly routes: readonly RouteSize[];
  /** Chunks no route counts (a part of a page loaded when shown), each with what it adds. */
  readonly onDemand: readonly ChunkSize[];
  /** Every module in the build, relative to the repository root (virtual ones as the bundler names them). */
  readonly moduleIds: readonly string[];
  readonly forbidden: readonly ForbiddenModule[];
}

export interface ForbiddenModule {
  readonly id: string;
  readonly rule: string;
}

export const BUDGETS: Readonly<Record<string, number>>;
export const DEFAULT_BUDGET: number;
export const FORBIDDEN_MODULES: readonly { readonly name: string; readonly test: RegExp }[];
export function forbiddenModuleIds(moduleIds: readonly string[]): ForbiddenModule[];
export function parseRouteTree(source: string): { fullPath: string; files: string[] }[];
export function measureRoutes(options: { outDir: string }): Promise<Measurement>;
