#!/usr/bin/env node
// `npm run graph`: every Nx project with its tags and what it depends on (Nx's own analysis of the imports),
// production edges apart from those only spec files make, and the edges that break a boundary rule (exit 1).
import { loadProjectGraph, violations } from './project-graph.mjs';

const graph = await loadProjectGraph();
const order = ['kernel', 'util', 'client', 'contracts', 'domain', 'server', 'composition', 'testing', 'app', 'e2e'];
const projects = [...graph.projects.values()].sort(
  (a, b) => order.indexOf(a.type ?? '') - order.indexOf(b.type ?? '') || (a.scope ?? '').localeCompare(b.scope ?? '') || a.name.localeCompare(b.name),
);
for (const project of projects) {
  const edges = graph.edges.filter((e) => e.from === project.name);
  const production = edges.filter((e) => !e.testOnly).map((e) => e.to);
  const tests = edges.filter((e) => e.testOnly).map((e) => e.to);
  process.stdout.write(`${project.name.padEnd(18)} ${project.tags.join(' ').padEnd(32)} -> ${production.join(', ') || '(nothing)'}`);
  process.stdout.write(tests.length ? `   [specs: ${tests.join(', ')}]\n` : '\n');
}
const broken = violations(graph);
for (const edge of broken) {
  const what = edge.to ? `${edge.from} -> ${edge.to}: ${edge.reason}\n  ${edge.files.slice(0, 5).join('\n  ')}` : edge.reason;
  process.stdout.write(`\nBROKEN ${what}\n`);
}
process.stdout.write(broken.length ? `\n${broken.length} edge(s) break the boundaries\n` : '\nevery edge follows the boundaries\n');
process.exit(broken.length ? 1 : 0);
