import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { AgentProfile } from './agents/agent.js';

/** Where the lab keeps the CLIs it installs: outside the repository, in the user's cache. */
export function labCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'x-lab');
}

/** The environment npm runs in: without the `npm_config_*` that pnpm sets for its scripts, which npm warns about. */
export function npmEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_config_')));
}

/** The version `latest` names on the registry, or the version given. */
export function resolveVersion(agent: AgentProfile, version: string): string {
  if (version !== 'latest') return version;
  return execFileSync('npm', ['view', `${agent.npmPackage}@latest`, 'version'], { encoding: 'utf8', env: npmEnv() }).trim();
}

/** Installs one version of an agent's CLI from the registry into the lab's cache (once), and returns its binary. */
export function installAgent(agent: AgentProfile, version: string): string {
  const dir = join(labCacheDir(), agent.id, version);
  const binary = agent.binary(dir);
  if (existsSync(binary)) return binary;
  mkdirSync(dir, { recursive: true });
  execFileSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--loglevel=error', '--no-save', `${agent.npmPackage}@${version}`], { stdio: 'inherit', env: npmEnv() });
  if (!existsSync(binary)) throw new Error(`${agent.npmPackage}@${version} installed, but ${binary} is not there`);
  return binary;
}
