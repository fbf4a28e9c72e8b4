import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The composition root's shape (issue 32 item 2): studio.ts is a short list of areas, each area's
 * wiring is in its folder (`<area>.area.ts`), and no function of either grows past ~80 lines.
 */
const MAX_FUNCTION_LINES = 80;
const src = import.meta.dirname;

/** Each function's name and length in lines, of one source file. */
function functionLengths(file: string): { name: string; lines: number }[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { name: string; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = ts.isFunctionDeclaration(node) ? (node.name?.text ?? 'default') : 'arrow';
      found.push({
        name: `${path.relative(src, file)}: ${name} (line ${start + 1})`,
        lines: end - start + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function areaFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return areaFiles(file);
    return entry.name.endsWith('.area.ts') ? [file] : [];
  });
}

describe('the composition root', () => {
  it('has no function over ~80 lines, in studio.ts or an area', () => {
    const files = [path.join(src, 'studio.ts'), ...areaFiles(path.join(src, 'modules'))];
    const long = files
      .flatMap(functionLengths)
      .filter(({ lines }) => lines > MAX_FUNCTION_LINES)
      .map(({ name, lines }) => `${name}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it('builds each area from its folder: studio.ts imports no module code but its areas', () => {
    const file = path.join(src, 'studio.ts');
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const built = source.statements
      .filter(ts.isImportDeclaration)
      .filter((node) => !node.importClause?.isTypeOnly)
      .map((node) => (node.moduleSpecifier as ts.StringLiteral).text)
      .filter((from) => from.startsWith('./modules/') && !from.endsWith('.area.ts'));
    // Home is one call; the sessions' times are read by three areas.
    expect(built).toEqual(['./modules/home/home.routes.ts', './modules/programme/agenda/session-times.ts']);
  });

  it('makes no forward reference: the extension points are offered by the platform or an area', () => {
    const text = readFileSync(path.join(src, 'studio.ts'), 'utf8');
    expect(text).not.toMatch(/module-links|moduleLinks?\(/);
  });
});
