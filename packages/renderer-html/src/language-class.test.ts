import { describe, expect, it } from 'vitest';
import { languageForPath } from './language-class.js';

describe('languageForPath', () => {
  it.each([
    ['src/index.ts', 'typescript'],
    ['src/App.TSX', 'tsx'],
    ['lib/a.mjs', 'javascript'],
    ['package.json', 'json'],
    ['main.py', 'python'],
    ['src/lib.rs', 'rust'],
    ['cmd/main.go', 'go'],
    ['C:\\repo\\src\\Program.cs', 'csharp'],
    ['scripts/build.sh', 'bash'],
    ['README.md', 'markdown'],
    ['index.html', 'html'],
    ['styles/site.css', 'css'],
    ['config/app.yaml', 'yaml'],
    ['config/app.yml', 'yaml'],
    ['Cargo.toml', 'toml'],
    ['db/schema.sql', 'sql'],
    ['Dockerfile', 'dockerfile'],
    ['build/Makefile', 'makefile'],
    ['notes.txt', 'plaintext'],
    ['archive.tar.gz', 'plaintext'],
    ['.gitignore', 'plaintext'],
    ['.env', 'plaintext'],
    ['LICENSE', 'plaintext'],
    ['weird.<script>', 'plaintext'],
    ['', 'plaintext'],
    [undefined, 'plaintext'],
  ])('%s is %s', (path, language) => {
    expect(languageForPath(path)).toBe(language);
  });

  it('only ever answers a class-safe name', () => {
    for (const path of ['a.ts', 'x.<b>', 'y."z', "q.'", 'file.constructor', 'file.__proto__']) {
      expect(languageForPath(path)).toMatch(/^[a-z0-9+#-]+$/);
    }
  });
});
