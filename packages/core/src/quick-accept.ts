import type * as z from 'zod';

/**
 * A wire schema that answers the common case without running zod:
 * `safeParse(value)` first runs a plain check compiled once from the schema,
 * and only a value the check cannot vouch for goes through the schema itself.
 */
export interface QuickSchema<T> {
  /** As zod's `safeParse`, except that an accepted value is returned as it came, with its undeclared fields (see {@link quickAccept}). */
  safeParse(value: unknown): z.ZodSafeParseResult<T>;
}

/** A compiled check: true only when the schema certainly accepts the value. */
type Check = (value: unknown) => boolean;

/** The parts of a zod 4 definition the compiler reads (`schema._zod.def`). */
interface Definition {
  type: string;
  checks?: readonly unknown[];
  values?: readonly unknown[];
  entries?: Record<string, unknown>;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  fn?: (value: unknown) => unknown;
  discriminator?: string;
  options?: readonly z.ZodType[];
}

const definitionOf = (schema: z.ZodType) => schema._zod.def as unknown as Definition;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field of an object: `optional` fields may be absent; others must be present, as zod requires of them. */
function fieldCheck(schema: z.ZodType): { check: Check; optional: boolean } | undefined {
  const definition = definitionOf(schema);
  // A value its inner schema accepts passes a catch unchanged; any other gets the catch's value, which only zod knows.
  if (definition.type === 'catch' && definition.innerType !== undefined) return fieldCheck(definition.innerType);
  if (definition.type === 'optional' && definition.innerType !== undefined) {
    const inner = compile(definition.innerType);
    return inner === undefined ? undefined : { check: (value) => value === undefined || inner(value), optional: true };
  }
  const check = compile(schema);
  return check === undefined ? undefined : { check, optional: false };
}

/** An object, stripping (`z.object`) or passing its other fields (`z.looseObject`); a strict object or one with a typed catch-all is not compiled. */
function objectCheck(definition: Definition): Check | undefined {
  if (definition.shape === undefined) return undefined;
  if (definition.catchall !== undefined && definitionOf(definition.catchall).type !== 'unknown') return undefined;
  const fields: { key: string; check: Check; optional: boolean }[] = [];
  for (const [key, schema] of Object.entries(definition.shape)) {
    const field = fieldCheck(schema);
    if (field === undefined || key === '__proto__') return undefined;
    fields.push({ key, ...field });
  }
  return (value) => {
    // An own `__proto__` is left to zod, which never copies it into what it returns.
    if (!isObject(value) || Object.hasOwn(value, '__proto__')) return false;
    for (const field of fields) {
      if (field.key in value ? !field.check(value[field.key]) : !field.optional) return false;
    }
    return true;
  };
}

/** A discriminated union: the member named by the discriminator's value, when that member compiled. */
function unionCheck(definition: Definition): Check | undefined {
  const { discriminator, options } = definition;
  if (discriminator === undefined || options === undefined) return undefined;
  const members = new Map<unknown, Check>();
  for (const option of options) {
    const tag = definitionOf(option).shape?.[discriminator];
    const check = compile(option);
    const values = tag === undefined ? undefined : literalValues(definitionOf(tag));
    if (check === undefined || values === undefined) continue;
    for (const value of values) members.set(value, check);
  }
  return (value) => {
    if (!isObject(value)) return false;
    const tag = value[discriminator];
    if (typeof tag !== 'string') return false;
    return members.get(tag)?.(value) ?? false;
  };
}

/** An array whose every item passes `item`; a sparse one is left to zod, which fills its holes. */
function arrayCheck(item: Check | undefined): Check | undefined {
  if (item === undefined) return undefined;
  return (value) => {
    if (!Array.isArray(value)) return false;
    for (let i = 0; i < value.length; i++) if (!(i in value) || !item(value[i])) return false;
    return true;
  };
}

/** The string values of a literal or an enum; anything else (numbers, several kinds) is left to zod. */
function literalValues(definition: Definition): readonly string[] | undefined {
  const values =
    definition.type === 'literal'
      ? definition.values
      : definition.type === 'enum' && definition.entries !== undefined
        ? Object.values(definition.entries)
        : undefined;
  return values?.every((value) => typeof value === 'string') ? (values as string[]) : undefined;
}

/**
 * The check of one schema, or undefined where the compiler does not know the
 * schema exactly (refinements, catches, defaults, arrays, transforms, ...):
 * such a part makes its whole object fall back to zod.
 */
function compile(schema: z.ZodType): Check | undefined {
  const definition = definitionOf(schema);
  if (definition.checks !== undefined && definition.checks.length > 0) return undefined;
  switch (definition.type) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'number':
      return (value) => typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'unknown':
      return () => true;
    case 'literal':
    case 'enum': {
      const values = literalValues(definition);
      return values === undefined ? undefined : (value) => typeof value === 'string' && values.includes(value);
    }
    case 'nullable': {
      const inner = definition.innerType === undefined ? undefined : compile(definition.innerType);
      return inner === undefined ? undefined : (value) => value === null || inner(value);
    }
    case 'optional': {
      const inner = definition.innerType === undefined ? undefined : compile(definition.innerType);
      return inner === undefined ? undefined : (value) => value === undefined || inner(value);
    }
    case 'custom': {
      // `z.custom(fn)` passes the value through when `fn` says true; any other answer (a promise included) is zod's to read.
      const fn = definition.fn;
      return fn === undefined ? undefined : (value) => fn(value) === true;
    }
    case 'array':
      return definition.element === undefined ? undefined : arrayCheck(compile(definition.element));
    case 'catch':
      return definition.innerType === undefined ? undefined : compile(definition.innerType);
    case 'object':
      return objectCheck(definition);
    case 'union':
      return unionCheck(definition);
    default:
      return undefined;
  }
}

/**
 * Wraps a wire schema so that the lines of its common shapes are checked
 * without zod. A zod parse costs more than the `JSON.parse` of a short line
 * (x-bench, real-shaped streams: up to a fifth of xview's time), and no
 * option of zod's skips its per-field results and the copy of each object; the
 * envelope schemas declare only plain fields (strings, numbers, booleans,
 * literals, nullable, optional, unknown, custom predicates, arrays, nested objects, discriminated
 * unions, and catches, of which only what passes the inner schema is
 * accepted here), and those are compiled here into plain type checks. Any other part
 * of a schema, and any value the check refuses, goes to the schema itself, so
 * the answer (accepted or not, and every diagnostic) is zod's.
 *
 * One difference, which readers of an envelope never see: an accepted value is
 * returned as it came rather than as zod's copy, so a stripping object keeps
 * its undeclared fields. A caller reads only the fields the schema declares
 * (the type says no others), and those are the same values either way.
 * quick-accept.test.ts holds this to zod on hostile values.
 */
export function quickAccept<S extends z.ZodType>(schema: S): QuickSchema<z.output<S>> {
  const check = compile(schema);
  if (check === undefined) return { safeParse: (value) => schema.safeParse(value) };
  return {
    safeParse: (value) => (check(value) ? { success: true, data: value as z.output<S> } : schema.safeParse(value)),
  };
}
