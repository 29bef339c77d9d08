import type { Plugin } from 'vite';

// Every route costs every visitor: its config sits in the entry chunk (the route tree must be whole before the first
// match). Two things TanStack Router's generated code carries there are dead at run time, and they grow with each
// route: the path given to createFileRoute('/event/$eventShortName/...') (the runtime's createFileRoute ignores it:
// the tree's `.update({ id, path })` sets both), and the keys of the objects the tree hands to `_addFileChildren`
// (long names like EventEventShortNameReservationReservationIdWaitingPaymentRoute, which the runtime drops with
// Object.values; it takes an array as well). Both stay in the sources, where the types need them; the build removes
// them. Measured with scripts/route-js-size.mjs: 264 B of gzip on every route, with the 22 routes of 2026-11-27.

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

const routeFile = /[\\/]src[\\/]routes[\\/][^?]*\.tsx$/;
const routeTree = /[\\/]src[\\/]routeTree\.gen\.ts$/;

/** Before TypeScript is stripped (the tree's children objects are found by their type annotations), build only. */
export const routeTreeCompaction: Plugin = {
  name: 'storefront:route-tree-compaction',
  apply: 'build',
  enforce: 'pre',
  transform(code, id) {
    if (routeTree.test(id)) return { code: withChildrenArrays(code), map: null };
    if (routeFile.test(id)) return { code: withoutRoutePath(code), map: null };
    return undefined;
  },
};
