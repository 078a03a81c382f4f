import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DisplayEvent, DisplayEventV1 } from './display-event.js';
import { defineRenderer, type Renderer } from './renderer.js';

// Forward compatibility of renderers. The type assertions here are checked by
// `tsc --noEmit` (`pnpm typecheck`); the `it` bodies run under vitest.

/** An event of a kind a later minor version might add: a renderer of today must ignore it. */
const LATER_KIND = { kind: 'checkpoint', id: 'c1', label: 'saved' };

/**
 * A third-party renderer as its author writes it: an exhaustive switch over
 * the kinds of contract v1 with a `never` default. It must compile now and
 * after a kind is added, and it ignores at run time what lands in `default`.
 */
function createKindCounter(out: string[]) {
  return defineRenderer({
    specificationVersion: 'v1',
    write(event) {
      switch (event.kind) {
        case 'text':
        case 'reasoning':
          out.push(`${event.kind}:${event.text}`);
          return;
        case 'prompt':
        case 'tool-use':
        case 'tool-result':
        case 'usage':
        case 'session':
        case 'error':
        case 'notice':
          out.push(event.kind);
          return;
        default: {
          // A kind added after contract v1 was published: ignored.
          const unreachable: never = event;
          return unreachable;
        }
      }
    },
    end() {
      out.push('end');
    },
  });
}

describe('Renderer.write and forward compatibility', () => {
  it('takes the frozen union of contract v1, not the growing DisplayEvent', () => {
    expectTypeOf<Parameters<Renderer['write']>[0]>().toEqualTypeOf<DisplayEventV1>();
    // Frozen: adding a kind to @x/core adds it to DisplayEvent, never to DisplayEventV1.
    expectTypeOf<DisplayEventV1['kind']>().toEqualTypeOf<
      'prompt' | 'text' | 'reasoning' | 'tool-use' | 'tool-result' | 'usage' | 'session' | 'error' | 'notice'
    >();
    // Every v1 event is a DisplayEvent of any later version (kinds are only ever added).
    expectTypeOf<DisplayEventV1>().toExtend<DisplayEvent>();
  });

  it('accepts a renderer whose write takes a wider union (a built-in renderer of a later core)', () => {
    type LaterDisplayEvent = DisplayEvent | { kind: 'checkpoint'; id: string; label: string };
    interface LaterRenderer {
      readonly specificationVersion: 'v1';
      write(event: LaterDisplayEvent): void;
      end(): void;
    }
    expectTypeOf<LaterRenderer>().toExtend<Renderer>();
  });

  it('is why an open union was not chosen: its never check fails on day one', () => {
    type UnknownDisplayEvent = { kind: string & { readonly unknownKind: unique symbol } };
    const openWrite = (event: DisplayEventV1 | UnknownDisplayEvent): string => {
      switch (event.kind) {
        case 'prompt':
        case 'text':
        case 'reasoning':
        case 'tool-use':
        case 'tool-result':
        case 'usage':
        case 'session':
        case 'error':
        case 'notice':
          return event.kind;
        default: {
          // @ts-expect-error the unknown member is still here: an exhaustive switch cannot end in never
          const unreachable: never = event;
          return String(unreachable);
        }
      }
    };
    expect(openWrite({ kind: 'text', id: 'm', text: 'hi' })).toBe('text');
  });

  it('lets an exhaustive third-party renderer ignore a kind it does not know, at run time', () => {
    const out: string[] = [];
    const renderer = createKindCounter(out);
    renderer.write({ kind: 'text', id: 'm', text: 'hello' });
    // What a newer core hands an older renderer: typed v1, of a kind v1 never had.
    expect(() => renderer.write(LATER_KIND as unknown as DisplayEventV1)).not.toThrow();
    renderer.write({ kind: 'notice', level: 'info', message: 'retrying' });
    renderer.end();
    expect(out).toEqual(['text:hello', 'notice', 'end']);
  });
});
