// @ts-check
/**
 * The Nx project graph as Nx computes it (its own import analysis of every file, `pluginsConfig` in nx.json),
 * split into production edges and edges that only spec files make, and checked against the same rules as the
 * lint rule (tools/lint/module-boundaries.js): a second proof of the boundaries, on Nx's graph.
 */
import { createRequire } from 'node:module';
import { violation } from '../lint/module-boundaries.js';

const require = createRequire(import.meta.url);

/**
 * @typedef {{ name: string, root: string, tags: string[], scope: string | undefined, type: string | undefined }} Project
 * @typedef {{ from: string, to: string, files: string[], testOnly: boolean }} Edge
 */

/** @returns {Promise<{ projects: Map<string, Project>, edges: Edge[], unowned: string[] }>} */
export async function loadProjectGraph() {
  process.env.NX_DAEMON = 'false';
  const { createProjectGraphAsync } = require('nx/src/devkit-exports');
  const { readFileMapCache } = require('nx/src/devkit-internals');
  const graph = await createProjectGraphAsync({ exitOnError: true });
  const cached = readFileMapCache();
  // without Nx's file map there would be no edge to check, and every check would pass: refuse instead
  if (!cached) throw new Error('Nx wrote no file map (is NX_CACHE_PROJECT_GRAPH=false?): the graph cannot be checked');
  const fileMap = cached.fileMap.projectFileMap;
  /** Code of the workspace's folders that no project owns (Nx does not analyse its imports): a way around the rules. */
  const unowned = /** @type {{ file: string }[]} */ (cached.fileMap.nonProjectFiles ?? [])
    .map(({ file }) => file)
    .filter((file) => /^(apps|libs|tools|bench)\//.test(file) && /\.(ts|tsx|js|mjs)$/.test(file));
  /** @type {Map<string, Project>} */
  const projects = new Map();
  for (const [name, node] of Object.entries(graph.nodes)) {
    const tags = /** @type {string[]} */ (node.data.tags ?? []);
    const scope = tags.find((t) => t.startsWith('scope:'))?.slice('scope:'.length);
    const type = tags.find((t) => t.startsWith('type:'))?.slice('type:'.length);
    projects.set(name, { name, root: node.data.root, tags, scope, type });
  }
  /** @type {Map<string, { files: string[], production: boolean }>} */
  const byPair = new Map();
  for (const [from, files] of Object.entries(fileMap)) {
    for (const { file, deps = [] } of /** @type {{ file: string, deps?: (string | string[])[] }[]} */ (files)) {
      for (const dep of deps) {
        const to = Array.isArray(dep) ? dep[0] : dep;
        if (!to || to === from || !projects.has(to)) continue;
        const key = `${from}\u0000${to}`;
        const pair = byPair.get(key) ?? { files: [], production: false };
        pair.files.push(file);
        if (!/\.(spec|test|fixtures)\.tsx?$/.test(file)) pair.production = true;
        byPair.set(key, pair);
      }
    }
  }
  const edges = [...byPair].map(([key, { files, production }]) => {
    const [from = '', to = ''] = key.split('\u0000');
    return { from, to, files, testOnly: !production };
  });
  edges.sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
  return { projects, edges, unowned };
}

/**
 * The edges that break a rule. A domain's edge to another context's contracts is judged as a type import (the
 * graph does not say; the lint rule checks each import's kind).
 * @param {{ projects: Map<string, Project>, edges: Edge[], unowned?: string[] }} graph
 */
export function violations({ projects, edges, unowned = [] }) {
  const outside = unowned.map((file) => ({ from: '(no project)', to: '', files: [file], testOnly: false, reason: `${file} belongs to no project` }));
  return outside.concat(edges.flatMap((edge) => {
    const from = projects.get(edge.from);
    const to = projects.get(edge.to);
    if (!from || !to) return [];
    const file = edge.testOnly ? 'x.spec.ts' : 'x.ts';
    const reason = violation(from, to, { typeOnly: true, file });
    return reason ? [{ ...edge, reason }] : [];
  }));
}
