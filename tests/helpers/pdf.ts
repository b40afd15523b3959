import { PDFParse } from 'pdf-parse';
import type { LetterContent } from '../../server/modules/documents/pdf/letter';

/** The text of a PDF (pdf-parse), for tests that read generated documents. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: bytes });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** Independent formatting for the assertions: `1.234,56 €` with a minus for negative amounts. */
export function euro(cents: number): string {
  const n = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(cents) / 100);
  return `${cents < 0 ? '-' : ''}${n} €`;
}

/** Every text of a letter's content (title, facts, paragraphs, tables, notes), one per line, before it is rendered. */
export function letterText(content: LetterContent): string {
  return [
    content.title,
    ...content.facts.flatMap((f) => [f.label, f.value]),
    ...content.paragraphs,
    ...content.tables.flatMap((t) => [t.heading, ...t.rows.flatMap((r) => [r.label, r.value])]),
    ...content.notes,
  ].join('\n');
}
