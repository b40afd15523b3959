/**
 * The message of an empty required field names the field ("Bitte geben Sie die IBAN ein.", as the login's
 * ERROR_MAIL_NOT_GIVEN and the registration do; spec 000 section 8, spec 001 section 5): each form's catalogue part has
 * a `required` block, keyed by field name, nested for sub-objects (`partner.firstName`).
 */

/** A catalogue `required` block: a text per field, or a nested block per sub-object. */
export interface RequiredTexts {
  readonly [field: string]: string | RequiredTexts;
}

/**
 * The catalogue key (`<area>.required.<field>`) of the text naming the empty field at `path`, or undefined when the
 * block has none. List positions are left out (`children.0.firstName` → `children.firstName`), and so is a leading
 * segment named in `sections` (the form's section, `vestedAmount.iban` → `iban`).
 */
export function requiredKey(area: string, texts: RequiredTexts, path: string, sections: ReadonlySet<string> = new Set()): string | undefined {
  const segments = path.split('.').filter((segment) => !/^\d+$/.test(segment));
  if (segments.length > 1 && sections.has(segments[0]!)) segments.shift();
  let node: string | RequiredTexts | undefined = texts;
  for (const segment of segments) node = typeof node === 'object' && Object.hasOwn(node, segment) ? node[segment] : undefined;
  return typeof node === 'string' ? `${area}.required.${segments.join('.')}` : undefined;
}
