import type { DisplayEvent } from './display-event.js';
import type { SpecificationVersion } from './source.js';
import { checkRendererVersion } from './specification-version.js';

/**
 * Consumes events one at a time and writes its output to a sink. A renderer
 * knows no provider, ignores event kinds it does not know, and never throws on
 * event content. `write` and `end` may return a promise when the sink applies
 * backpressure; the pipeline awaits it before the next event.
 */
export interface Renderer {
  readonly specificationVersion: SpecificationVersion;
  write(event: DisplayEvent): void | Promise<void>;
  end(): void | Promise<void>;
}

/**
 * Checks a renderer's contract version and methods and returns it. Throws a
 * `TypeError` naming both versions when the renderer was built against another
 * contract.
 */
export function defineRenderer<R extends Renderer>(renderer: R): R {
  if (renderer === null || typeof renderer !== 'object') {
    throw new TypeError('defineRenderer expects an object with specificationVersion, write and end.');
  }
  checkRendererVersion(renderer);
  if (typeof renderer.write !== 'function' || typeof renderer.end !== 'function') {
    throw new TypeError('renderer: write(event) and end() must be functions.');
  }
  return renderer;
}
