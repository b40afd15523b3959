import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, parse, print, type ConstDirectiveNode, type DocumentNode, type ObjectTypeDefinitionNode } from 'graphql';
import { areaFiles } from '../platform/module-files';

const HERE = dirname(fileURLToPath(import.meta.url));
/** Where the members' areas live: `server/modules/<area>/` with the area's SDL, resolvers, REST methods and service. */
export const MODULES_DIR = resolve(HERE, '../modules');

/** The string value of argument `name` of `directive`, or undefined. */
function stringArgument(directive: ConstDirectiveNode, name: string): string | undefined {
  const value = directive.arguments?.find((a) => a.name.value === name)?.value;
  return value?.kind === Kind.STRING ? value.value : undefined;
}

/**
 * The output types that `@answeredAs(type: "…", description: "…")` asks for on input types (server/graphql/base.graphql):
 * for each such input, an object type of that name with the input's fields, their types and descriptions (default
 * values and directives left out), so a shape the API takes and answers (the calculator's inputs, spec 001 section 3)
 * is written once. Returns SDL text, empty when no input asks.
 * @throws Error naming the input when `type` is missing.
 */
export function answeredTypes(typeDefs: readonly string[]): string {
  const derived: ObjectTypeDefinitionNode[] = [];
  for (const definition of typeDefs.flatMap((sdl) => parse(sdl, { noLocation: true }).definitions)) {
    if (definition.kind !== Kind.INPUT_OBJECT_TYPE_DEFINITION) continue;
    const directive = definition.directives?.find((d) => d.name.value === 'answeredAs');
    if (!directive) continue;
    const type = stringArgument(directive, 'type');
    if (!type) throw new Error(`@answeredAs on ${definition.name.value} names no type`);
    const description = stringArgument(directive, 'description');
    derived.push({
      kind: Kind.OBJECT_TYPE_DEFINITION,
      name: { kind: Kind.NAME, value: type },
      ...(description ? { description: { kind: Kind.STRING, value: description, block: true } } : {}),
      fields: (definition.fields ?? []).map((field) => ({
        kind: Kind.FIELD_DEFINITION,
        name: field.name,
        type: field.type,
        ...(field.description ? { description: field.description } : {}),
      })),
    });
  }
  if (derived.length === 0) return '';
  const document: DocumentNode = { kind: Kind.DOCUMENT, definitions: derived };
  return print(document);
}

/**
 * The members' SDL in a stable order: the shared base (./base.graphql: scalars, directives, the `Error` interface),
 * each module's `server/modules/<area>/*.graphql`, found by name (decision 0065), and last the types derived by
 * `@answeredAs` (`answeredTypes`). The server's schema and codegen (codegen.ts) both read it here. The fund's API has
 * its own schema (server/fund, decision 0053).
 */
export function loadTypeDefs(): string[] {
  const files = [join(HERE, 'base.graphql'), ...areaFiles(MODULES_DIR, /\.graphql$/)].map((file) => readFileSync(file, 'utf8'));
  const derived = answeredTypes(files);
  return derived ? [...files, derived] : files;
}
