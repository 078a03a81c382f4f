import { closeSync, constants, fstatSync, openSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { notYoursAlone } from './only-yours.js';
import { isObject } from './plugin-module.js';
import { userHome } from './user-home.js';

/*
 * The plugins a user chose once for every run, from their own xview folder.
 * Each is code that runs as the user, so the folder, its config.json, its
 * node_modules and each plugin package found there are used only while they
 * are the user's alone (only-yours.ts): a folder another account can write,
 * such as a shared home's or one left world-writable, would let that account
 * plant a plugin the user then runs. What is refused is named on standard
 * error, one line each, and the run goes on without it.
 */

const CONFIG_FILE = 'config.json';
const CONVENTION = /^x-(provider|renderer)-/;

/** A plugin to load: a path or package name, and the directory it is resolved from. */
export interface PluginSpec {
  spec: string;
  base: string;
}

/**
 * The user's own xview folder: `$XDG_CONFIG_HOME/xview`, else `~/.config/xview`
 * ({@link userHome}), or undefined when no home is known. It is the only place
 * plugins are found without `--plugin`: the current directory is often a
 * cloned repository, whose code the user did not choose to run, so the folder
 * is always an absolute path, never one resolved from the current directory.
 */
export function userConfigDir(env: Record<string, string | undefined>): string | undefined {
  const xdg = env.XDG_CONFIG_HOME;
  if (xdg !== undefined && isAbsolute(xdg)) return join(xdg, 'xview');
  const home = userHome(env);
  return home === undefined ? undefined : join(home, '.config', 'xview');
}

/** Whether `path` exists and is the user's alone; a problem line names it when it is not. */
function usableFolder(path: string, problems: string[]): boolean {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      problems.push(`xview: the plugins in ${path} were not loaded: ${error instanceof Error ? error.message : String(error)}.`);
    return false;
  }
  const why = notYoursAlone(stats);
  if (why !== undefined) problems.push(`xview: the plugins in ${path} were not loaded: ${why}; only a folder that is yours alone is trusted.`);
  return why === undefined;
}

/** Installed packages named by convention in `dir`'s node_modules, each in folders that are the user's alone. */
function conventionPackages(dir: string, problems: string[]): string[] {
  const modules = join(dir, 'node_modules');
  if (!usableFolder(modules, problems)) return [];
  const found: string[] = [];
  for (const name of readdirSync(modules).sort()) {
    if (CONVENTION.test(name)) {
      if (usableFolder(join(modules, name), problems)) found.push(name);
    } else if (name.startsWith('@') && usableFolder(join(modules, name), problems)) {
      for (const inner of readdirSync(join(modules, name)).sort()) {
        if (CONVENTION.test(inner) && usableFolder(join(modules, name, inner), problems)) found.push(`${name}/${inner}`);
      }
    }
  }
  return found;
}

/** The `plugins` list of one config object; a wrong shape is a problem, not a failure. */
function pluginList(config: unknown, label: string, problems: string[]): string[] {
  const plugins = isObject(config) ? config.plugins : undefined;
  if (Array.isArray(plugins) && plugins.every((p) => typeof p === 'string')) return plugins;
  problems.push(`xview: ${label}: "plugins" must be a list of package names or paths; ignored.`);
  return [];
}

/**
 * config.json's value, or `undefined` when there is none, or with one problem
 * line when it does not parse, is no regular file or is not the user's alone.
 * Opened without blocking and checked before it is read: a named pipe in its
 * place held xview in a read no signal but SIGKILL could end (its SIGTERM
 * handler never ran).
 */
function readConfig(file: string, problems: string[]): unknown {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    problems.push(`xview: ${file} could not be read (${error instanceof Error ? error.message : String(error)}); ignored.`);
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new Error('not a regular file');
    const why = notYoursAlone(stats);
    if (why !== undefined) {
      problems.push(`xview: ${file} was not read: ${why}; only a file that is yours alone is trusted.`);
      return undefined;
    }
    return JSON.parse(readFileSync(fd, 'utf8')) as unknown;
  } catch (error) {
    problems.push(`xview: ${file} is not valid JSON (${error instanceof Error ? error.message : String(error)}); ignored.`);
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * The plugins the user chose once for every run: `"plugins"` of
 * `config.json` in their xview folder (resolved from that folder), and
 * packages named by convention installed in that folder's `node_modules`.
 */
export function userPlugins(dir: string, problems: string[]): PluginSpec[] {
  if (!usableFolder(dir, problems)) return [];
  const specs: PluginSpec[] = [];
  const config = readConfig(join(dir, CONFIG_FILE), problems);
  if (config !== undefined) specs.push(...pluginList(config, join(dir, CONFIG_FILE), problems).map((spec) => ({ spec, base: dir })));
  try {
    specs.push(...conventionPackages(dir, problems).map((spec) => ({ spec, base: dir })));
  } catch (error) {
    // A node_modules or @scope that is a file, or cannot be read, was an internal error of xview.
    problems.push(`xview: the plugins installed in ${join(dir, 'node_modules')} were not loaded: ${error instanceof Error ? error.message : String(error)}.`);
  }
  return specs;
}
