/**
 * Fills the `{{name}}` placeholders of a catalogue text with values, as i18next does on the web (same syntax, so
 * one text serves both sides). Used by the server for mails, letters and PDFs; values are inserted as they are (the
 * mail renderer escapes them for HTML). A placeholder without a value throws: a text must never go out with `{{…}}`
 * left in it.
 *
 * @example fill('Konto {{account}}', { account: '0123' }) === 'Konto 0123'
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`catalogue text needs a value for {{${name}}}: ${template}`);
    return String(value);
  });
}
