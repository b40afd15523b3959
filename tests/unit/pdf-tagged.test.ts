import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { renderLetter } from '../../server/modules/documents/pdf/letter';

/**
 * The statement PDFs are tagged: a structure tree with a heading, paragraphs and a table of header
 * and data cells, marked content, language de-AT and the title shown as the window title, so screen readers can
 * read statements.
 */

interface StructNode {
  role?: string;
  children?: StructNode[];
}

function roles(node: StructNode, into: string[] = []): string[] {
  if (node.role) into.push(node.role);
  for (const child of node.children ?? []) roles(child, into);
  return into;
}

describe('tagged letter PDF', () => {
  it('has a structure tree, de-AT, the displayed title and table cells', async () => {
    const bytes = await renderLetter(
      {
        fund: 'VK',
        title: 'Kontonachricht zum 31.12.2025',
        documentDate: '2025-12-31',
        facts: [{ label: 'Kontonummer', value: 'VK-12345678' }],
        paragraphs: ['wir informieren Sie über den Stand Ihrer Abfertigungsanwartschaft.'],
        tables: [{ heading: 'Buchungen im Jahr 2025', rows: [{ label: 'Verwaltungskosten', value: '-43,10 €' }] }],
        notes: ['Hinweis.'],
      },
      { addressLines: ['Anna Muster', 'Lindengasse 12/4', '1070 Wien'], salutation: 'Sehr geehrte Frau Muster,' },
      'Vorsorgekasse',
    );
    const raw = bytes.toString('latin1');
    expect(raw).toContain('/StructTreeRoot');
    expect(raw).toMatch(/\/Lang \(de-AT\)/);
    expect(raw).toMatch(/\/DisplayDocTitle true/);

    const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
    try {
      expect(await pdf.getMarkInfo()).toMatchObject({ Marked: true });
      const { info } = (await pdf.getMetadata()) as unknown as { info: Record<string, unknown> };
      expect(info.Title).toBe('Kontonachricht zum 31.12.2025');
      const tree = (await (await pdf.getPage(1)).getStructTree()) as StructNode;
      const found = roles(tree);
      for (const role of ['Document', 'H1', 'P', 'H2', 'Table', 'TR', 'TH', 'TD']) expect(found, role).toContain(role);
    } finally {
      await pdf.destroy();
    }
  });
});
