import type { DisplayEventV1 } from './display-event.js';
import type { RunView } from './run-view.js';
import type { SpecificationVersion } from './source.js';
import { checkRendererVersion } from './specification-version.js';

/**
 * Consumes events one at a time and writes its output to a sink. A renderer
 * knows no provider, ignores event kinds it does not know, and never throws on
 * event content. `write` and `end` may return a promise when the sink applies
 * backpressure; the pipeline awaits it before the next event.
 *
 * Forward compatibility: `write` takes {@link DisplayEventV1}, the kinds of
 * contract v1 as published, frozen; not {@link DisplayEvent}, which grows
 * when a minor version adds a kind. So an exhaustive `switch (event.kind)`
 * with a `const unreachable: never = event` default compiles today and after
 * a kind is added, and a kind the renderer does not know reaches that default
 * at run time, where the renderer ignores it.
 *
 * Why not `write(event: DisplayEvent | UnknownDisplayEvent)` (an open union
 * with a branded `kind: string`)? Honest at run time, but it makes the `never`
 * check fail from day one: the default branch would always hold the unknown
 * member. The frozen union keeps the pattern every TypeScript author writes,
 * and the rule it cannot express in types (ignore what lands in `default`) is
 * stated here, in {@link defineRenderer} and checked by the testkit's renderer
 * conformance suite. `write` is declared as a method so that a renderer whose
 * own `write` takes the wider {@link DisplayEvent} (the built-in ones, which
 * handle every kind of the core they ship with) is still a `Renderer`.
 *
 * The run's aggregate: `runPipeline` folds each event once, into its
 * {@link RunView}, before it writes the event, and hands the view as the
 * second argument of `write` and of `end`. A renderer that shows a turn's
 * number or a footer reads it (through `createRunFollower`) rather than
 * folding the events again, so a run written to several renderers is
 * aggregated once. The argument is optional both ways: a renderer may ignore
 * it (every renderer written before it was added does), and a caller that
 * writes events by hand may leave it out, the renderer then folding its own.
 * A wrapper that hands events on in the order it was written them passes
 * `run` on; one that holds, drops or reorders events does not.
 */
export interface Renderer {
  readonly specificationVersion: SpecificationVersion;
  write(event: DisplayEventV1, run?: RunView): void | Promise<void>;
  end(run?: RunView): void | Promise<void>;
}

/**
 * Checks a renderer's contract version and methods and returns it. Throws a
 * `TypeError` naming both versions when the renderer was built against another
 * contract. The `event` of an inline `write(event)` is typed
 * {@link DisplayEventV1}: see {@link Renderer} for why, and ignore any kind
 * that reaches the `default` of a switch over it.
 *
 * @example
 * ```ts
 * const renderer = defineRenderer({
 *   specificationVersion: 'v1',
 *   write(event) {
 *     switch (event.kind) {
 *       case 'text':
 *         process.stdout.write(event.text);
 *         return;
 *       case 'prompt': case 'reasoning': case 'tool-use': case 'tool-result':
 *       case 'usage': case 'session': case 'error': case 'notice':
 *         return;
 *       default: {
 *         // A kind added after contract v1 was published: ignore it.
 *         const unreachable: never = event;
 *         return unreachable;
 *       }
 *     }
 *   },
 *   end() {},
 * });
 * ```
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
