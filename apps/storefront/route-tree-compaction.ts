import type { Plugin } from 'vite';

// Every route costs every visitor: its config sits in the entry chunk (the route tree must be whole before the first
// match). Three things TanStack Router's generated code carries there are dead or repeated at run time, and they grow
// with each route: the path given to createFileRoute('/event/$eventShortName/...') (the runtime's createFileRoute
// ignores it: the tree's `.update({ id, path })` sets both), the keys of the objects the tree hands to
// `_addFileChildren` (long names like EventEventShortNameReservationReservationIdWaitingPaymentRoute, which the runtime
// drops with Object.values; it takes an array as well), and the tree's `id` where it repeats the route's `path` (the
// runtime derives that same id from the path). All stay in the sources, where the types need them; the build removes
// them. Measured with scripts/route-js-size.mjs: 264 B of gzip on every route, with the 22 routes of 2026-11-27, and
// 74 B more for the repeated ids, with 22 routes again (a pass's reservation pages took the place of the event's
// catch-all route).

const CREATE_FILE_ROUTE = /\bcreateFileRoute\((['"])[^'"]*\1\)/;
const CHILDREN_OBJECT = /(const \w+: \w+ =\s*)\{([^{}]*)\}/g;

/** A route file without the path argument of its createFileRoute call (the first one: a file defines one route). */
export function withoutRoutePath(code: string): string {
  return code.replace(CREATE_FILE_ROUTE, 'createFileRoute()');
}

/**
 * The generated tree with each `const XRouteChildren: XRouteChildren = { A: ARoute, B: BRouteWithChildren }` turned
 * into the array of its values (`[ARoute, BRouteWithChildren] as never`), in the same order.
 */
export function withChildrenArrays(code: string): string {
  return code.replace(CHILDREN_OBJECT, (_, head: string, body: string) => {
    const values = body
      .split(',')
      .map((entry) => entry.slice(entry.indexOf(':') + 1).trim())
      .filter(Boolean);
    return `${head}[${values.join(', ')}] as never`;
  });
}

const REPEATED_ID = /\bid: (['"])([^'"]*)\1,\s*path: \1\2\1/g;

/**
 * The generated tree's `.update({ id: '/x', path: '/x', ... })` without the `id`: a route without one takes the id its
 * path gives (router-core's Route.init: `options.id || path`, joined to the parent's id and cleaned of double slashes),
 * which is that same id. Only where the two are the same string; each route carries its path twice otherwise.
 */
export function withoutRepeatedIds(code: string): string {
  return code.replace(REPEATED_ID, (_, quote: string, path: string) => `path: ${quote}${path}${quote}`);
}

const routeFile = /[\\/]src[\\/]routes[\\/][^?]*\.tsx$/;
const routeTree = /[\\/]src[\\/]routeTree\.gen\.ts$/;

/** Before TypeScript is stripped (the tree's children objects are found by their type annotations), build only. */
export const routeTreeCompaction: Plugin = {
  name: 'storefront:route-tree-compaction',
  apply: 'build',
  enforce: 'pre',
  transform(code, id) {
    if (routeTree.test(id)) return { code: withChildrenArrays(withoutRepeatedIds(code)), map: null };
    if (routeFile.test(id)) return { code: withoutRoutePath(code), map: null };
    return undefined;
  },
};
