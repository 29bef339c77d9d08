// @ts-check
/**
 * `boundaries/enforce`: the dependency rules of DESIGN.md on the Nx project graph, checked at every import.
 *
 * Every project has a project.json (as Nx reads it) with tags `scope:<context>|platform|shared|app|storefront`
 * and `type:kernel|util|contracts|domain|server|client|composition|testing|app|e2e`. The project that owns a
 * file is the one with the deepest project.json above it (Nx's rule for nested projects, which is how a context
 * is three projects: libs/<context>/src/{domain,server,contracts}). An import is resolved to a file through
 * tsconfig.base.json's `paths` (the projects' entry points) or as a relative path, and the rules below are
 * checked between the importing project and the imported one. Test code (`*.spec.ts`, `*.fixtures.ts`) composes what
 * it tests as an application does: it may use the test harnesses and any project's entry point, never an
 * application (an end-to-end project may) nor another project's files by path. @nx/enforce-module-boundaries does the same on
 * the cached graph; it needs @nx/devkit and @nx/js of the workspace's Nx version, which this registry does not
 * carry for Nx 24, so the rule lives here (each rule proven by a fixture: tools/lint/module-boundaries.unit.spec.ts).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const workspaceRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Scopes that are not bounded contexts. Any other `scope:<name>` is a context (catalog, sales, payments ...). */
const NON_CONTEXT_SCOPES = new Set(['shared', 'platform', 'app', 'storefront']);

/**
 * @typedef {{ name: string, root: string, tags: string[], scope: string | undefined, type: string | undefined }} Project
 * @typedef {{ project: string, onlyImport: string[] }} ImportAllowlist
 */

/** @type {Map<string, Project | null>} directory -> owning project (cached for the lint run) */
const ownerByDir = new Map();

/** @param {string} dir @returns {Project | null} */
function projectOwning(dir) {
  if (!dir.startsWith(workspaceRoot)) return null;
  const cached = ownerByDir.get(dir);
  if (cached !== undefined) return cached;
  let owner = null;
  const file = join(dir, 'project.json');
  if (existsSync(file)) {
    const config = JSON.parse(readFileSync(file, 'utf8'));
    const tags = /** @type {string[]} */ (config.tags ?? []);
    owner = {
      name: config.name,
      root: relative(workspaceRoot, dir),
      tags,
      scope: tags.find((t) => t.startsWith('scope:'))?.slice('scope:'.length),
      type: tags.find((t) => t.startsWith('type:'))?.slice('type:'.length),
    };
  } else if (dir !== workspaceRoot) {
    owner = projectOwning(dirname(dir));
  }
  ownerByDir.set(dir, owner);
  return owner;
}

/** @type {Record<string, string> | undefined} */
let entryPoints;
/** tsconfig.base.json `paths`: import specifier -> absolute file. */
function entryPointFiles() {
  if (!entryPoints) {
    const tsconfig = JSON.parse(readFileSync(join(workspaceRoot, 'tsconfig.base.json'), 'utf8'));
    entryPoints = Object.fromEntries(
      Object.entries(/** @type {Record<string, string[]>} */ (tsconfig.compilerOptions.paths ?? {})).map(([specifier, [target]]) => [specifier, join(workspaceRoot, /** @type {string} */ (target))]),
    );
  }
  return entryPoints;
}

const isContext = (/** @type {Project} */ p) => p.scope !== undefined && !NON_CONTEXT_SCOPES.has(p.scope);
/** Spec files and the fixtures only they import: test code, which may use the test harnesses. */
const isTestFile = (/** @type {string} */ file) => /\.(spec|test|fixtures)\.tsx?$/.test(file);
const describe = (/** @type {Project} */ p) => `${p.name} (${p.tags.join(', ')})`;

/**
 * What a project may import, by its type. Returns the reason an import breaks a rule, or null.
 * @param {Project} from @param {Project} to @param {{ typeOnly: boolean, file: string }} how
 * @returns {string | null}
 */
function violation(from, to, how) {
  if ((to.type === 'app' || to.type === 'e2e') && from.type !== 'e2e') return `no project imports an application: ${describe(to)} is one`;
  if (to.type === 'testing') {
    return isTestFile(how.file) || from.type === 'testing' || from.type === 'e2e' ? null : `test harnesses (${to.name}) are imported by spec files only`;
  }
  if (to.type === 'client' && from.type !== 'app' && from.type !== 'e2e') return `the generated API client (${to.name}) is for the storefront and its tests`;
  // Test code composes what it tests like an application does: any project's entry points, no application.
  if (isTestFile(how.file)) return null;
  const otherContext = isContext(to) && to.scope !== from.scope;
  switch (from.type) {
    case 'kernel':
      return 'the kernel depends on nothing';
    case 'util':
    case 'client':
      return to.type === 'kernel' || to.type === 'util' ? null : `a ${from.type} library depends only on the kernel and other utilities`;
    case 'contracts':
    case 'domain': {
      if (to.type === 'kernel') return null;
      if (to.type === 'contracts' && !otherContext) return null;
      if (to.type === 'contracts' && how.typeOnly) return null;
      if (to.type === 'contracts') return `${from.type} code takes only types from another context's contracts (use \`import type\`)`;
      return `${from.type} code depends only on the kernel and contracts (types), not on ${describe(to)}`;
    }
    case 'server': {
      if (isContext(from)) {
        if (otherContext) return to.type === 'contracts' ? null : `a context reaches another only through its contracts, not ${describe(to)}`;
        if (to.scope === from.scope || to.scope === 'platform' || to.scope === 'shared') return to.type === 'composition' ? 'contexts do not depend on the composition' : null;
        return `a context's server depends on its own domain and contracts, platform and shared libraries, other contexts' contracts: not ${describe(to)}`;
      }
      // platform libraries serve every context and know none of them
      if (to.scope === 'platform' || to.scope === 'shared') return null;
      return `platform libraries depend only on platform and shared libraries, not on ${describe(to)}`;
    }
    default:
      // composition, testing, app, e2e: anything but an application (above)
      return null;
  }
}

const isDirectory = (/** @type {string} */ path) => existsSync(path) && statSync(path).isDirectory();

/** The text of a string literal or of a template literal without expressions; undefined for anything computed. */
function literalText(/** @type {any} */ node) {
  if (node?.type === 'Literal') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked;
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const enforce = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the dependency rules between Nx projects (DESIGN.md, "Dependencies point one way")' },
    schema: [
      {
        type: 'object',
        properties: {
          importAllowlists: {
            type: 'array',
            items: { type: 'object', properties: { project: { type: 'string' }, onlyImport: { type: 'array', items: { type: 'string' } } }, required: ['project', 'onlyImport'] },
          },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = context.physicalFilename;
    const from = projectOwning(dirname(resolve(file)));
    if (!from) {
      // a file no project owns would be a way around every rule: the workspace's code all belongs to some project
      return { Program: (node) => context.report({ node, message: `${relative(workspaceRoot, file)} belongs to no Nx project: put it in one (a project.json above it)` }) };
    }
    /** @type {ImportAllowlist[]} */
    const allowlists = context.options[0]?.importAllowlists ?? [];
    const allowlist = allowlists.find((a) => a.project === from.name);

    /** @param {import('estree').Node} node @param {unknown} source @param {boolean} typeOnly */
    function check(node, source, typeOnly) {
      if (typeof source !== 'string') return;
      const specifier = source.replace(/\?.*$/, '');
      const relativePath = specifier.startsWith('.');
      const target = relativePath ? resolve(dirname(file), specifier) : entryPointFiles()[specifier];
      if (!target) return; // a package from node_modules
      // `../x` may name a folder (its index): the folder is then the target's place, not its parent
      const to = projectOwning(isDirectory(target) ? target : dirname(target));
      if (!to) {
        // configuration beside the workspace (tsconfig.base.json, package.json) is no project's; code always is
        if (/\.(json|css)$/.test(specifier)) return;
        context.report({ node, message: `${specifier} is code no Nx project owns: import it from a project's entry point` });
        return;
      }
      if (to.name === from.name) {
        if (!relativePath) context.report({ node, message: `${specifier} is ${from.name}'s own entry point: import its files by relative path` });
        return;
      }
      if (relativePath && to.type !== 'app' && to.type !== 'e2e') {
        context.report({ node, message: `${specifier} reaches into ${to.name} by a relative path: import it through its entry point (tsconfig.base.json paths)` });
        return;
      }
      if (allowlist && !allowlist.onlyImport.includes(specifier)) {
        context.report({ node, message: `${from.name} imports only ${allowlist.onlyImport.join(', ')} of the workspace, not ${specifier}` });
        return;
      }
      const reason = violation(from, to, { typeOnly, file });
      if (reason) context.report({ node, message: `${specifier}: ${reason}` });
    }

    /** @param {any} node */
    const typeOnlyImport = (node) =>
      node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((/** @type {any} */ s) => s.importKind === 'type'));
    /** @param {any} node */
    const typeOnlyExport = (node) =>
      node.exportKind === 'type' || (node.specifiers?.length > 0 && node.specifiers.every((/** @type {any} */ s) => s.exportKind === 'type'));

    return {
      ImportDeclaration: (node) => check(node, node.source.value, typeOnlyImport(node)),
      ExportAllDeclaration: (node) => check(node, node.source.value, typeOnlyExport(node)),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, typeOnlyExport(node)),
      ImportExpression: (node) => check(node, literalText(node.source), false),
      // `typeof import('x')` in a type position
      TSImportType: (/** @type {any} */ node) => check(node, literalText(node.argument?.literal ?? node.argument), true),
    };
  },
};

export const boundariesPlugin = { meta: { name: 'boundaries' }, rules: { enforce } };

/** For tools/graph: the same ownership and rules the lint rule applies. */
export { projectOwning, entryPointFiles, violation, workspaceRoot };
