import ts from 'typescript';

/**
 * The build step behind dist/xview.cjs (tsup.config.ts): the bundle runs as a
 * function compiled by `vm.Script` from V8's cached code (code-cache.ts), and
 * Node 20 cannot run `import()` there, so every dynamic import of a module
 * that is not bundled (a plugin, sql.js, node:crypto) calls `__xview_import`,
 * which bin.ts lends, instead.
 *
 * The rewrite works on TypeScript's syntax tree, not on the text: only a call
 * whose callee is the `import` keyword is touched. A string, a template or a
 * comment that holds `import(` (the site's worker carries its code as a
 * string, which a text rewrite once broke) and a type such as
 * `typeof import('x')` stay as they are. A bundled module (a specifier that is
 * a string literal starting with `.` or `@x/`) keeps its `import()`: esbuild
 * resolves those itself.
 */
export const LENT_IMPORT = '__xview_import';

/** The dynamic imports of a TypeScript or JavaScript source: each call's `import` keyword offset and its specifier. */
export function dynamicImports(source: string, fileName: string): { offset: number; specifier: ts.Expression | undefined }[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, fileName.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  const found: { offset: number; specifier: ts.Expression | undefined }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) found.push({ offset: node.expression.getStart(file), specifier: node.arguments[0] });
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The offsets of the `import` keywords of the dynamic imports {@link lendImports} rewrites. */
export function lentImportOffsets(source: string, fileName: string): number[] {
  return dynamicImports(source, fileName)
    .filter((call) => !isBundled(call.specifier))
    .map((call) => call.offset);
}

/** `source` with each dynamic import of an unbundled module calling {@link LENT_IMPORT}; everything else byte for byte. */
export function lendImports(source: string, fileName: string): string {
  const offsets = lentImportOffsets(source, fileName);
  let text = '';
  let from = 0;
  for (const offset of offsets) {
    if (source.slice(offset, offset + 'import'.length) !== 'import') throw new Error(`${fileName}: no import keyword at offset ${offset}`);
    text += source.slice(from, offset) + LENT_IMPORT;
    from = offset + 'import'.length;
  }
  return text + source.slice(from);
}

function isBundled(specifier: ts.Expression | undefined): boolean {
  return specifier !== undefined && ts.isStringLiteralLike(specifier) && /^(?:\.|@x\/)/.test(specifier.text);
}
