// Type-checks the written blocks in one program (run by run-blocks.ts's
// typeCheck in a child process, so that the test worker is never blocked
// for the minute a loaded machine takes: vitest's worker calls time out).
// Reads the block paths as a JSON list from standard input, prints a JSON
// object from each path to its errors, `line N: code: message`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const [root] = process.argv.slice(2);
const paths = JSON.parse(readFileSync(0, 'utf8'));
const base = ts.parseJsonConfigFileContent(JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8')), ts.sys, root).options;
// Against the built packages' declarations (no `source` condition: what a user of the packages gets),
// with the repository's strict options; JavaScript blocks are checked too (`checkJs`).
const options = { ...base, customConditions: [], allowJs: true, checkJs: true, noEmit: true, types: ['node'], sourceMap: false, declaration: false };
const program = ts.createProgram({ rootNames: paths, options });
const errors = Object.fromEntries(paths.map((path) => [path, []]));
for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
  const file = diagnostic.file?.fileName ?? '';
  const text = `${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  const line = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1 : 0;
  (errors[file] ??= []).push(`line ${line}: ${text}`);
}
process.stdout.write(JSON.stringify(errors));
