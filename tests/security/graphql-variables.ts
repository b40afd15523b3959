import fc from 'fast-check';
import {
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  typeFromAST,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';

/**
 * Generators of hostile GraphQL variables for the fuzz suite (docs/security.md),
 * derived from an operation's variable definitions: values of the declared type with hostile content (NUL, bidi
 * and lone-surrogate characters, 70 KB strings, out-of-range numbers, impossible dates, unknown enum values), wrong
 * types, nulls for non-null variables, missing and extra variables, `__proto__` / `constructor` keys in input
 * objects and deep nesting up to 40,000 levels.
 */

/** Marks a place for deep nesting; `bodyText` replaces it by `[[[…]]]` of that depth after JSON encoding. */
const DEEP = (depth: number) => `@@DEEP_${depth}@@`;

const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\u200B',
  '\uD800',
  '\uDFFF\uD800',
  '\uFEFF',
  "' OR 1=1 --",
  '"; DROP TABLE persons; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '%00',
  '%s%s%s%n',
  'null',
  'undefined',
  'true',
  'NaN',
  '-1',
  '1e309',
  '__proto__',
  'constructor',
  '😀'.repeat(50),
  'Ä'.repeat(300),
  'x@y',
  'a'.repeat(101) + '@example.at',
  'AT611904300234573201',
  '1234010180',
  'sha256:' + '0'.repeat(64),
];

const hugeString = fc.constantFrom('x'.repeat(70_000), '\u0000'.repeat(10_000), '\u202E'.repeat(20_000), '😀'.repeat(15_000));

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 3, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, -(2 ** 53) - 1, Number.MAX_VALUE, Number.MIN_VALUE, 1e308, 0.1, -0.5),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const dateString: fc.Arbitrary<string> = fc.oneof(
  fc.date({ min: new Date('1800-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom('2025-02-30', '2025-13-01', '0000-00-00', '9999-12-31', '2025-1-1', '2025-12-31T00:00:00Z', '31.12.2025', '2025/12/31', '+275760-09-13', '-000001-01-01'),
  hostileString,
);

/** An object with own keys set by defineProperty, so `__proto__` becomes a key of the JSON, not the prototype. */
function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, configurable: true, writable: true });
  return o;
}

const hostileKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'personId', 'id', 'extra', ''), fc.string({ maxLength: 12 }));

function hostileObject(value: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  return fc.array(fc.tuple(hostileKey, value), { maxLength: 4 }).map(objectOf);
}

/** Any JSON value, nested a little, or a deep-nesting marker. */
export const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    hostileObject(tie('value')),
    fc.integer({ min: 100, max: 40_000 }).map(DEEP),
  ),
})).value;

/** A value meant for `type`: usually of that type with hostile content, sometimes null, the wrong type or deep. */
function valueFor(schema: GraphQLSchema, type: GraphQLInputType, level = 0): fc.Arbitrary<unknown> {
  const typed = typedValue(schema, type, level);
  return fc.oneof({ weight: 8, arbitrary: typed }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: anyJson });
}

function typedValue(schema: GraphQLSchema, type: GraphQLInputType, level: number): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return typedValue(schema, type.ofType, level);
  if (isListType(type)) {
    const item = level > 3 ? fc.constant(null) : valueFor(schema, type.ofType, level + 1);
    return fc.oneof(fc.array(item, { maxLength: 5 }), item, fc.constant([]));
  }
  if (isEnumType(type)) {
    const names = type.getValues().map((v) => v.name);
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...names) },
      { weight: 1, arbitrary: fc.constantFrom(...names).map((n) => n.toLowerCase()) },
      { weight: 1, arbitrary: fc.constantFrom(...names).map((n) => n.slice(0, -1)) },
      { weight: 1, arbitrary: hostileString },
    );
  }
  if (isInputObjectType(type)) {
    if (level > 3) return fc.constant({});
    const fields = Object.values(type.getFields());
    const known = fields.map((f) => fc.option(valueFor(schema, f.type, level + 1), { nil: undefined, freq: 6 }).map((v) => [f.name, v] as [string, unknown]));
    return fc
      .tuple(fc.tuple(...known), fc.array(fc.tuple(hostileKey, anyJson), { maxLength: 2 }))
      .map(([own, extra]) => objectOf([...own.filter(([, v]) => v !== undefined), ...extra]));
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'String':
        return hostileString;
      case 'ID':
        return fc.oneof(hostileString, fc.integer({ min: -5, max: 100_000 }), fc.integer({ min: -5, max: 100_000 }).map(String), hostileNumber);
      case 'Int':
      case 'Money':
        return fc.oneof(hostileNumber, fc.integer({ min: -1_000_000, max: 1_000_000 }), hostileNumber.map(String));
      case 'Float':
        return hostileNumber;
      case 'Boolean':
        return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 0, 1, 'yes'));
      case 'Date':
        return dateString;
      default:
        return anyJson;
    }
  }
  return anyJson;
}

/**
 * Variables for `operation`: each declared variable present (or, rarely, missing) with a value from `valueFor`,
 * plus extra variables; rarely the whole `variables` member is not an object.
 */
export function variablesFor(schema: GraphQLSchema, operation: OperationDefinitionNode): fc.Arbitrary<unknown> {
  const declared = (operation.variableDefinitions ?? []).map((definition) => {
    const type = typeFromAST(schema, definition.type) as GraphQLInputType | undefined;
    if (!type) throw new Error(`unknown type of $${definition.variable.name.value}`);
    return fc.option(valueFor(schema, type), { nil: undefined, freq: 10 }).map((v) => [definition.variable.name.value, v] as [string, unknown]);
  });
  const object = fc
    .tuple(fc.tuple(...declared), fc.array(fc.tuple(hostileKey, anyJson), { maxLength: 3 }))
    .map(([own, extra]) => objectOf([...own.filter(([, v]) => v !== undefined), ...extra]));
  return fc.oneof({ weight: 12, arbitrary: object }, { weight: 1, arbitrary: fc.constantFrom(null, 'x', [], [1], 7, true) });
}

/** The JSON text of a request body, with the deep-nesting markers expanded. */
export function bodyText(body: unknown): string {
  return JSON.stringify(body).replace(/"@@DEEP_(\d+)@@"/g, (_m, depth: string) => '['.repeat(Number(depth)) + ']'.repeat(Number(depth)));
}

const PUNCTUATION = [
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ':',
  '$',
  '!',
  '@',
  '...',
  '"',
  '"""',
  '#',
  ',',
  '=',
  '|',
  '&',
  ' ',
  '\n',
  '\u0000',
  '\uD800',
  '__proto__',
  'fragment',
  'on',
  'query',
  'mutation',
  'subscription',
  '__schema',
  '__typename',
];

/**
 * A malformed variant of a document: cut at a random place, with random tokens or characters inserted, a piece
 * repeated, or characters swapped.
 */
export function malformedDocument(text: string): fc.Arbitrary<string> {
  const position = fc.nat({ max: Math.max(0, text.length) });
  const junk = fc.oneof(fc.constantFrom(...PUNCTUATION), fc.string({ maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 8 }));
  return fc.oneof(
    position.map((p) => text.slice(0, p)),
    fc.tuple(position, junk).map(([p, j]) => text.slice(0, p) + j + text.slice(p)),
    fc.tuple(position, fc.nat({ max: 30 }), fc.integer({ min: 2, max: 40 })).map(([p, n, times]) => text.slice(0, p) + text.slice(p, p + n).repeat(times) + text.slice(p + n)),
    fc.tuple(position, position).map(([a, b]) => {
      const [x, y] = a < b ? [a, b] : [b, a];
      return text.slice(0, x) + text.slice(y) + text.slice(x, y);
    }),
    fc.array(fc.tuple(position, junk), { minLength: 2, maxLength: 6 }).map((edits) => edits.reduce((t, [p, j]) => t.slice(0, p) + j + t.slice(p), text)),
  );
}
