import { describe, expect, it } from 'vitest';
import { loadProjectGraph, violations } from './project-graph.mjs';

/**
 * The boundaries on Nx's own project graph (its analysis of every import), a second proof beside the lint rule:
 * no edge breaks a rule, and each context's production code depends on its own projects, other contexts'
 * contracts, the platform and the shared libraries only.
 */
describe('the Nx project graph', async () => {
  const graph = await loadProjectGraph();
  const projectsOf = (type: string) => [...graph.projects.values()].filter((p) => p.type === type);

  it('has every lib and app as a tagged project', () => {
    for (const project of graph.projects.values()) {
      expect(project.scope, project.name).toBeDefined();
      expect(project.type, project.name).toBeDefined();
    }
    expect(projectsOf('server').map((p) => p.name)).toEqual(expect.arrayContaining(['catalog-server', 'sales-server']));
  });

  it("is Nx's analysis of the imports, not an empty graph", () => {
    const production = (from: string, to: string) => graph.edges.some((e) => e.from === from && e.to === to && !e.testOnly);
    expect(production('sales-server', 'catalog-contracts')).toBe(true);
    expect(production('catalog-server', 'sales-contracts')).toBe(true);
    expect(production('application', 'sales-server')).toBe(true);
    expect(graph.unowned).toEqual([]);
  });

  it('has no edge that breaks a boundary', () => {
    expect(violations(graph)).toEqual([]);
  });

  it("keeps each context's production code to its own projects, other contexts' contracts, platform and shared libraries", () => {
    const contexts = new Set(projectsOf('server').map((p) => p.scope).filter((s) => s !== 'platform'));
    expect(contexts.size).toBeGreaterThanOrEqual(2);
    for (const edge of graph.edges.filter((e) => !e.testOnly)) {
      const from = graph.projects.get(edge.from)!;
      const to = graph.projects.get(edge.to)!;
      if (!contexts.has(from.scope)) continue;
      const allowed = to.scope === from.scope || to.type === 'contracts' || to.scope === 'platform' || (to.scope === 'shared' && to.type !== 'testing' && to.type !== 'client');
      expect(allowed, `${edge.from} -> ${edge.to} (${edge.files[0]})`).toBe(true);
    }
  });

  it('has no library that depends on an application', () => {
    const apps = new Set(projectsOf('app').map((p) => p.name));
    const libraries = [...graph.projects.values()].filter((p) => p.type !== 'app' && p.type !== 'e2e').map((p) => p.name);
    expect(graph.edges.filter((e) => libraries.includes(e.from) && apps.has(e.to))).toEqual([]);
  });
});
