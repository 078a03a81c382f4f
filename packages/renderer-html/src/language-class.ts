/*
 * Language names follow the identifiers highlight.js and Prism use, so a page
 * that loads either can colour the code without further mapping.
 */
const BY_EXTENSION: ReadonlyMap<string, string> = new Map([
  ['ts', 'typescript'],
  ['mts', 'typescript'],
  ['cts', 'typescript'],
  ['tsx', 'tsx'],
  ['js', 'javascript'],
  ['mjs', 'javascript'],
  ['cjs', 'javascript'],
  ['jsx', 'jsx'],
  ['json', 'json'],
  ['jsonl', 'json'],
  ['json5', 'json5'],
  ['py', 'python'],
  ['pyi', 'python'],
  ['rb', 'ruby'],
  ['rs', 'rust'],
  ['go', 'go'],
  ['java', 'java'],
  ['kt', 'kotlin'],
  ['kts', 'kotlin'],
  ['scala', 'scala'],
  ['swift', 'swift'],
  ['c', 'c'],
  ['h', 'c'],
  ['cc', 'cpp'],
  ['cpp', 'cpp'],
  ['cxx', 'cpp'],
  ['hh', 'cpp'],
  ['hpp', 'cpp'],
  ['cs', 'csharp'],
  ['fs', 'fsharp'],
  ['php', 'php'],
  ['pl', 'perl'],
  ['lua', 'lua'],
  ['r', 'r'],
  ['dart', 'dart'],
  ['ex', 'elixir'],
  ['exs', 'elixir'],
  ['erl', 'erlang'],
  ['hs', 'haskell'],
  ['ml', 'ocaml'],
  ['clj', 'clojure'],
  ['zig', 'zig'],
  ['sh', 'bash'],
  ['bash', 'bash'],
  ['zsh', 'bash'],
  ['fish', 'fish'],
  ['ps1', 'powershell'],
  ['bat', 'dos'],
  ['cmd', 'dos'],
  ['md', 'markdown'],
  ['mdx', 'markdown'],
  ['html', 'html'],
  ['htm', 'html'],
  ['xml', 'xml'],
  ['svg', 'xml'],
  ['vue', 'vue'],
  ['svelte', 'svelte'],
  ['css', 'css'],
  ['scss', 'scss'],
  ['sass', 'sass'],
  ['less', 'less'],
  ['sql', 'sql'],
  ['graphql', 'graphql'],
  ['gql', 'graphql'],
  ['proto', 'protobuf'],
  ['yaml', 'yaml'],
  ['yml', 'yaml'],
  ['toml', 'toml'],
  ['ini', 'ini'],
  ['cfg', 'ini'],
  ['env', 'bash'],
  ['diff', 'diff'],
  ['patch', 'diff'],
  ['tf', 'hcl'],
  ['hcl', 'hcl'],
  ['nix', 'nix'],
  ['txt', 'plaintext'],
  ['log', 'plaintext'],
  ['csv', 'plaintext'],
]);

const BY_FILE_NAME: ReadonlyMap<string, string> = new Map([
  ['dockerfile', 'dockerfile'],
  ['makefile', 'makefile'],
  ['gnumakefile', 'makefile'],
  ['cmakelists.txt', 'cmake'],
  ['gemfile', 'ruby'],
  ['rakefile', 'ruby'],
  ['.bashrc', 'bash'],
  ['.zshrc', 'bash'],
  ['.gitignore', 'plaintext'],
]);

/**
 * The language of a file from its name, for a `language-<name>` class on
 * its `<code>`: `src/app.ts` is `typescript`, `Dockerfile` is `dockerfile`,
 * anything unknown (or no path) is `plaintext`. Works on POSIX and Windows
 * paths.
 */
export function languageForPath(path: string | undefined): string {
  if (path === undefined) return 'plaintext';
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1).toLowerCase();
  const named = BY_FILE_NAME.get(base);
  if (named !== undefined) return named;
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return 'plaintext';
  return BY_EXTENSION.get(base.slice(dot + 1)) ?? 'plaintext';
}
