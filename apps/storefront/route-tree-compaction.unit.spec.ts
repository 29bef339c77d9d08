import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withChildrenArrays, withoutRepeatedIds, withoutRoutePath } from './route-tree-compaction.js';

const generated = readFileSync(new URL('./src/routeTree.gen.ts', import.meta.url), 'utf8');

describe('route tree compaction (route-tree-compaction.ts)', () => {
  it("drops the path of a route file's createFileRoute call, which the runtime ignores", () => {
    const file = "export const Route = createFileRoute('/event/$eventShortName/ticket/$ticketId/view')({\n  component: View,\n});";
    expect(withoutRoutePath(file)).toBe('export const Route = createFileRoute()({\n  component: View,\n});');
    expect(withoutRoutePath('createFileRoute("/")({})')).toBe('createFileRoute()({})');
  });

  it("turns the generated tree's children objects into arrays of the same routes, in order", () => {
    const tree = [
      'const AbcRouteChildren: AbcRouteChildren = {',
      '  AbcIndexRoute: AbcIndexRoute,',
      '  AbcLongNameRoute:',
      '    AbcLongNameRouteWithChildren,',
      '}',
      'const rootRouteChildren: RootRouteChildren = { IndexRoute: IndexRoute }',
    ].join('\n');
    expect(withChildrenArrays(tree)).toBe(
      [
        'const AbcRouteChildren: AbcRouteChildren = [AbcIndexRoute, AbcLongNameRouteWithChildren] as never',
        'const rootRouteChildren: RootRouteChildren = [IndexRoute] as never',
      ].join('\n'),
    );
  });

  it('finds every children object of the real tree, and leaves the rest of it as it is', () => {
    const objects = generated.match(/const \w+RouteChildren: \w+ =\s*\{/g) ?? [];
    expect(objects.length).toBeGreaterThanOrEqual(3);
    const compacted = withChildrenArrays(generated);
    expect(compacted.match(/RouteChildren: \w+ =\s*\[[^\]]*\] as never/g)).toHaveLength(objects.length);
    expect(compacted.replace(/const \w+RouteChildren: \w+ =\s*\[[^\]]*\] as never/g, '')).toBe(
      generated.replace(/const \w+RouteChildren: \w+ =\s*\{[^{}]*\}/g, ''),
    );
    // every route the tree listed is still listed
    const listed = (text: string) => [...text.matchAll(/:\s*(\w+Route(?:WithChildren)?),?/g)].map((m) => m[1]);
    expect(compacted.match(/\[[^\]]*\] as never/g)!.join(' ')).toEqual(expect.stringContaining('EventEventShortNameRouteWithChildren'));
    expect(listed(generated.match(/const rootRouteChildren: RootRouteChildren = \{[^{}]*\}/)![0]).length).toBeGreaterThan(5);
  });

  it("drops a route's id from the generated tree where it repeats the path, and only there", () => {
    const tree = [
      'const ARoute = AImport.update({',
      "  id: '/subscription/$id/',",
      "  path: '/subscription/$id/',",
      '  getParentRoute: () => rootRouteImport,',
      '} as any)',
      "const BRoute = BImport.update({ id: '/_layout', path: '/x', getParentRoute: () => ARoute } as any)",
    ].join('\n');
    expect(withoutRepeatedIds(tree)).toBe(
      [
        'const ARoute = AImport.update({',
        "  path: '/subscription/$id/',",
        '  getParentRoute: () => rootRouteImport,',
        '} as any)',
        "const BRoute = BImport.update({ id: '/_layout', path: '/x', getParentRoute: () => ARoute } as any)",
      ].join('\n'),
    );
  });

  it('leaves every route with the id the router gives it: the one its path gives (router-core Route.init)', async () => {
    const { createRootRoute, createRoute } = await import('@tanstack/react-router');
    // every `.update({ id, path })` of the real tree has its id repeat its path, and none is left once compacted
    const updates = [...generated.matchAll(/\.update\(\{\s*id: '([^']*)',\s*path: '([^']*)'/g)];
    expect(updates.length).toBeGreaterThanOrEqual(20);
    expect(updates.filter(([, id, path]) => id !== path)).toEqual([]);
    expect(withoutRepeatedIds(generated).match(/\.update\(\{\s*id:/g)).toBeNull();
    // the shapes the tree has: a root child, a layout, a child of a layout, an index route under it
    const root = createRootRoute();
    const idOf = (path: string, parent: { id: string } & object, withId: boolean) => {
      // as the generated tree does it: options given by update(), after the route was made
      const route = createRoute({ getParentRoute: () => parent as never, path } as never) as unknown as {
        id: string;
        init: (i: number) => void;
        update: (o: object) => void;
      };
      if (withId) route.update({ id: path });
      route.init(0);
      return route;
    };
    (root as unknown as { init: (i: number) => void }).init(0);
    for (const [parentPath, path] of [
      [null, '/subscription/$id/'],
      [null, '/$type/$publicId/reservation/$reservationId/$page'],
      ['/event/$eventShortName', '/reservation/$reservationId'],
      ['/event/$eventShortName', '/'],
    ] as const) {
      const parent = parentPath ? idOf(parentPath, root, true) : root;
      expect(idOf(path, parent, false).id).toBe(idOf(path, parent, true).id);
    }
  });
});
