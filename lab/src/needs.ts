import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { AgentProfile } from './agents/agent.js';

/** Whether `program` is an executable file in one of the folders of `path` (PATH's syntax). */
export function onPath(program: string, path: string): boolean {
  return path.split(delimiter).some((dir) => {
    if (dir === '') return false;
    try {
      accessSync(join(dir, program), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Throws, in one line naming each program and why, when a program the
 * agent's CLI needs is not on PATH: checked before anything is installed or
 * run, as a CLI without it may reach for another address (see
 * {@link AgentProfile.needs}).
 */
export function checkNeeds(agent: AgentProfile, path = process.env.PATH ?? ''): void {
  const missing = (agent.needs ?? []).filter((need) => !onPath(need.program, path));
  if (missing.length > 0) throw new Error(missing.map((need) => `${agent.id} needs ${need.program} on PATH: ${need.why}`).join('; '));
}
