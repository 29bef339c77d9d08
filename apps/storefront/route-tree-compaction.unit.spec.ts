import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withChildrenArrays, withoutRoutePath } from './route-tree-compaction.js';

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
      ['const AbcRouteChildren: AbcRouteChildren = [AbcIndexRoute, AbcLongNameRouteWithChildren] as never', 'const rootRouteChildren: RootRouteChildren = [IndexRoute] as never'].join('\n'),
    );
  });

  it('finds every children object of the real tree, and leaves the rest of it as it is', () => {
    const objects = generated.match(/const \w+RouteChildren: \w+ =\s*\{/g) ?? [];
    expect(objects.length).toBeGreaterThanOrEqual(3);
    const compacted = withChildrenArrays(generated);
    expect(compacted.match(/RouteChildren: \w+ =\s*\[[^\]]*\] as never/g)).toHaveLength(objects.length);
    expect(compacted.replace(/const \w+RouteChildren: \w+ =\s*\[[^\]]*\] as never/g, '')).toBe(generated.replace(/const \w+RouteChildren: \w+ =\s*\{[^{}]*\}/g, ''));
    // every route the tree listed is still listed
    const listed = (text: string) => [...text.matchAll(/:\s*(\w+Route(?:WithChildren)?),?/g)].map((m) => m[1]);
    expect(compacted.match(/\[[^\]]*\] as never/g)!.join(' ')).toEqual(expect.stringContaining('EventEventShortNameRouteWithChildren'));
    expect(listed(generated.match(/const rootRouteChildren: RootRouteChildren = \{[^{}]*\}/)![0]).length).toBeGreaterThan(5);
  });
});
