import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { quickAccept } from './quick-accept.js';

/** An envelope of the kinds the providers declare: every part the compiler knows, and some it must leave to zod. */
const lineSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('assistant'),
    message: z.object({ id: z.string().nullish(), content: z.unknown().optional(), stop: z.boolean().nullable(), tags: z.array(z.string()).optional() }),
    index: z.number().nullish(),
    raw: z.unknown(),
    item: z.custom<object>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'item is not an object').optional(),
  }),
  z.looseObject({ type: z.enum(['ping', 'pong']), note: z.string().optional() }),
  z.object({ type: z.literal('result'), subtype: z.string().optional().catch(undefined), code: z.number().catch(0).optional(), at: z.number().catch(-1) }),
  z.object({ type: z.literal('named'), name: z.string().min(1) }),
]);

/** Whether every field of zod's output holds the same value in the raw input: what a reader of declared fields sees is the same. */
function sameOnDeclared(parsed: unknown, raw: unknown): boolean {
  if (typeof parsed !== 'object' || parsed === null) return Object.is(parsed, raw);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) !== Array.isArray(parsed)) return false;
  if (Array.isArray(parsed) && parsed.length !== (raw as unknown[]).length) return false;
  return Object.entries(parsed).every(([key, value]) => key in raw && sameOnDeclared(value, (raw as Record<string, unknown>)[key]));
}

const fieldValue = fc.oneof(
  fc.string(),
  fc.constant(null),
  fc.constant(undefined),
  fc.double(),
  fc.boolean(),
  fc.constantFrom(Infinity, Number.NaN, -0),
  fc.array(fc.string()),
  fc.anything(),
);
const tag = fc.constantFrom('assistant', 'ping', 'pong', 'result', 'named', 'other', '', 'toString', '__proto__');
const keyName = fc.constantFrom(
  'type',
  'message',
  'id',
  'content',
  'stop',
  'tags',
  'index',
  'raw',
  'note',
  'subtype',
  'name',
  'code',
  'at',
  '__proto__',
  'constructor',
  'extra',
);

/** Lines of the right shape, with undeclared fields and the odd field of another kind. */
const nearLine = fc.record(
  {
    type: fc.constantFrom('assistant', 'ping', 'result'),
    message: fc.record(
      {
        id: fc.oneof(fc.string(), fc.constant(null), fieldValue),
        stop: fc.oneof(fc.boolean(), fc.constant(null)),
        tags: fc.oneof(fc.array(fc.string()), fc.sparseArray(fc.string()), fc.array(fieldValue)),
        extra: fieldValue,
      },
      { requiredKeys: ['stop'] },
    ),
    index: fc.oneof(fc.integer(), fc.constant(null)),
    raw: fieldValue,
    note: fc.oneof(fc.string(), fieldValue),
    subtype: fc.oneof(fc.string(), fieldValue),
    code: fc.oneof(fc.integer(), fieldValue),
    at: fc.oneof(fc.integer(), fieldValue),
    item: fc.oneof(fc.dictionary(fc.string(), fieldValue), fieldValue),
    other: fieldValue,
  },
  { requiredKeys: ['type', 'message', 'raw'] },
);

/** Lines near the schema (right shapes with fields of any kind, missing or added), and anything at all. */
const hostileLine = fc.oneof(
  nearLine,
  fc.record(
    {
      type: tag,
      message: fc.oneof(
        fc.dictionary(keyName, fieldValue),
        fc.record({ id: fieldValue, content: fieldValue, stop: fieldValue }, { requiredKeys: [] }),
        fieldValue,
      ),
      index: fieldValue,
      raw: fieldValue,
      note: fieldValue,
      subtype: fieldValue,
      name: fieldValue,
      code: fieldValue,
      at: fieldValue,
    },
    { requiredKeys: ['type'] },
  ),
  fc.dictionary(keyName, fieldValue),
  fc.anything(),
  fc.json().map((text) => JSON.parse(text) as unknown),
);

describe('quickAccept', () => {
  const quick = quickAccept(lineSchema);

  it('agrees with zod on success, and on every declared field, for hostile values (fixed seed)', () => {
    let quickly = 0;
    fc.assert(
      fc.property(hostileLine, (value) => {
        const fast = quick.safeParse(value);
        const slow = lineSchema.safeParse(value);
        expect(fast.success).toBe(slow.success);
        if (fast.success && fast.data === value && value !== slow.data) quickly += 1;
        if (fast.success && slow.success) expect(sameOnDeclared(slow.data, fast.data)).toBe(true);
        else expect(fast.error?.issues).toEqual(slow.error?.issues);
      }),
      { numRuns: 3000 },
    );
    // The property is only worth something if the quick path answered often.
    expect(quickly).toBeGreaterThan(200);
  });

  it('accepts a common line without zod, returning the value itself', () => {
    const line = { type: 'assistant', message: { id: 'm1', content: [], stop: null, extra: 1 }, raw: 2 };
    expect(quick.safeParse(line)).toEqual({ success: true, data: line });
    expect(quick.safeParse(line).data).toBe(line);
  });

  it('leaves what it cannot vouch for to zod: catches, refinements, wrong values', () => {
    const caught = { type: 'result', subtype: 7, at: 1 };
    expect(quick.safeParse(caught)).toEqual({ success: true, data: { type: 'result', subtype: undefined, at: 1 } });
    expect(quick.safeParse({ type: 'result' })).toEqual({ success: true, data: { type: 'result', at: -1 } });
    expect(quick.safeParse({ type: 'named', name: '' }).success).toBe(false);
    expect(quick.safeParse({ type: 'assistant', message: { stop: true } }).success).toBe(false);
    expect(quick.safeParse({ type: 'assistant', message: { stop: 'no' }, raw: 1 }).success).toBe(false);
  });

  it('falls back to zod entirely for a schema it does not compile', () => {
    const schema = z.array(z.string());
    expect(quickAccept(schema).safeParse(['a'])).toEqual({ success: true, data: ['a'] });
    expect(quickAccept(schema).safeParse([1]).success).toBe(false);
  });
});
