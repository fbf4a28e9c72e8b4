import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The module graph (issue 32): which module imports which, from every import and export of every
 * source file (type imports too). A module is a server area (`apps/server/src/modules/<a>/`; the
 * back office's, the programme's and registration's areas each on their own, their root's shared
 * files apart), a web feature (`apps/web/src/features/<a>/`) or a package (`packages/<p>/`). Other
 * files belong to no module: the platform, the composition root and a group's composition of its
 * areas (`back-office/back-office.ts`, `back-office.tables.ts`, `programme/programme.ts`), an area's
 * wiring into the studio (`<area>.area.ts`, called by the composition root), the web
 * app's shared folders, and test support (`*.test.ts`, `*.fixtures.ts`, which may arrange any
 * module).
 */
const grouped = '(?:back-office|programme|registration)';
const patterns = [
  new RegExp(`/apps/server/src/modules/(${grouped}/(?=[^/]+/)[^/]+|[^/]+)/`),
  /\/apps\/web\/src\/features\/([^/]+)\//,
  /\/packages\/([^/]+)\//,
];
const prefixes = ['', 'web:', 'package:'];
const testSupport = /\.(test|fixtures)\.tsx?$/;
const composition = /\/modules\/(back-office\/back-office(\.tables)?|programme\/programme|.+\.area)\.ts$/;

/** The module a file (posix path) belongs to, or undefined. */
export function moduleOf(file) {
  if (testSupport.test(file) || composition.test(file)) return undefined;
  return folderModule(file);
}

function folderModule(file) {
  for (const [index, pattern] of patterns.entries()) {
    const match = pattern.exec(file);
    if (match) return prefixes[index] + match[1];
  }
  return undefined;
}

const packages = { '@studio/domain': 'package:domain', '@studio/media': 'package:media' };
const specifiers =
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The module a specifier imported from `file` lands in, or undefined. */
export function targetModule(file, specifier) {
  if (specifier.startsWith('.')) return folderModule(path.posix.resolve(path.posix.dirname(file), specifier));
  const name = specifier.split('/').slice(0, 2).join('/');
  return packages[name];
}

/** Every module's imported modules, read from the source under `root`. */
export function moduleGraph(root) {
  const graph = new Map();
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.tsx?$/.test(entry.name)) {
        const posix = file.split(path.sep).join('/');
        const from = moduleOf(posix);
        if (!from) continue;
        if (!graph.has(from)) graph.set(from, new Map());
        for (const [, a, b] of readFileSync(file, 'utf8').matchAll(specifiers)) {
          const to = targetModule(posix, a ?? b);
          if (!to || to === from) continue;
          const edges = graph.get(from);
          if (!edges.has(to)) edges.set(to, []);
          edges.get(to).push(posix);
        }
      }
    }
  };
  for (const dir of ['apps/server/src/modules', 'apps/web/src/features', 'packages'])
    visit(path.resolve(root, dir));
  return graph;
}

/** The pairs of modules importing each other, each once as 'a <-> b' (a before b). */
export function mutualPairs(graph) {
  const pairs = [];
  for (const [from, edges] of graph)
    for (const to of edges.keys()) if (from < to && graph.get(to)?.has(from)) pairs.push(`${from} <-> ${to}`);
  return pairs.sort();
}
