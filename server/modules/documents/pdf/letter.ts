/**
 * Renders a member letter (statement, confirmation, information sheet) as an A4 PDF with pdfkit.
 *
 * Why pdfkit: it writes the PDF as a stream straight from Node (no headless browser, no HTML to PDF step, nothing to
 * install beside one npm package of a few hundred KB), brings the 14 standard PDF fonts (Helvetica with the WinAnsi
 * characters German letters need: umlauts, ß, €, §, „ “ –), and is actively maintained. Chromium-based rendering
 * would cost a browser process per server and ~100 ms per page; pdfkit renders a statement in a few milliseconds.
 *
 * Output is deterministic for the same content: the PDF's creation and modification dates (from which pdfkit also
 * derives the file ID) are set from the document date, so the same stored rows always give the same bytes.
 * The letter is collected into a Buffer (a statement is a few KB), so the HTTP answer can carry a Content-Length
 * and a failed rendering never starts a 200 answer.
 */
import catalogue from '@contract/i18n/de/pdf.json';
import { fill } from '@contract/i18n/fill';
import PDFDocument from 'pdfkit';

const { pdf } = catalogue;

/** One line of a table: label left, value right-aligned. `strong` prints it bold with a rule above (a total). */
export interface LetterLine {
  label: string;
  value: string;
  strong?: boolean;
}

/** A table with a heading. */
export interface LetterTable {
  heading: string;
  rows: LetterLine[];
}

/** The content of a letter, independent of layout (built by ./templates.ts from stored rows). */
export interface LetterContent {
  /** PK (Pensionskasse) or VK (Vorsorgekasse): names the sender under the letterhead and in the closing. */
  fund: 'PK' | 'VK';
  /** Heading of the letter, also the PDF's title, for example "Leistungsnachweis zum 31.12.2024". */
  title: string;
  /** ISO date of the document (the Stichtag of a statement); printed as the letter's date. */
  documentDate: string;
  /** Reference block at the top right (contract number, VRG, employer, …). */
  facts: LetterLine[];
  /** Paragraphs after the salutation. */
  paragraphs: string[];
  tables: LetterTable[];
  /** Small print after the tables. */
  notes: string[];
  /**
   * A form the member fills in, signs by hand and sends back (an application to print) instead of a letter from the
   * fund: no salutation and no closing; after the tables a blank line to write on for each label ("Ort, Datum",
   * "Unterschrift").
   */
  form?: { signatureLines: string[] };
}

/** The addressee: the lines of the address block and the salutation ("Sehr geehrte Frau Mag.a Muster,"). */
export interface LetterRecipient {
  addressLines: string[];
  salutation: string;
}

/** German names of the two funds; catalogue `pdf.letter.funds`. */
const FUND_NAMES: Record<LetterContent['fund'], string> = pdf.letter.funds;

const MM = 72 / 25.4;
const LEFT = 20 * MM;
const RIGHT_MARGIN = 20 * MM;
const BOTTOM = 25 * MM;
const FONT = 'Helvetica';
const FONT_BOLD = 'Helvetica-Bold';
const GREY = '#555555';

/**
 * Renders `content` for `recipient` as a PDF (A4, letterhead with the tenant's name and the fund, address block in the
 * DIN 5008 window position, reference block, title, salutation, paragraphs, tables, notes, closing, page footer).
 * The letter's own texts (fund names, sender line, closing, the note on machine-made letters, page footer, PDF author
 * and creator) come from catalogue `pdf.letter`.
 * @param tenantName the tenant's display name (server/tenants.ts), printed as letterhead and PDF author.
 * @returns the PDF bytes.
 */
export function renderLetter(content: LetterContent, recipient: LetterRecipient, tenantName: string): Promise<Buffer> {
  const date = new Date(`${content.documentDate}T00:00:00Z`);
  const fundName = FUND_NAMES[content.fund];
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 18 * MM, bottom: BOTTOM, left: LEFT, right: RIGHT_MARGIN },
    bufferPages: true,
    compress: true,
    // Tagged PDF (PDF/UA basics): structure tree, language de-AT, the title shown instead of the file name, so screen
    // readers read the letter in order with its headings and tables.
    pdfVersion: '1.7',
    tagged: true,
    lang: 'de-AT',
    displayTitle: true,
    info: {
      Title: content.title,
      Author: fill(pdf.letter.author, { tenant: tenantName, fund: fundName }),
      Subject: content.title,
      Creator: pdf.letter.creator,
      Producer: 'PDFKit',
      CreationDate: date,
      ModDate: date,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Structure tree: every text in a structure element (H1, H2, P, Table/TR/TH/TD); rules and the page footer are
  // artifacts.
  const root = doc.struct('Document');
  doc.addStructure(root);
  const tag = (type: string, draw: () => void) => root.add(doc.struct(type, {}, draw));
  const artifact = (draw: () => void) => {
    doc.markContent('Artifact', { type: 'Layout' });
    draw();
    doc.endMarkedContent();
  };

  const pageWidth = doc.page.width;
  const contentWidth = pageWidth - LEFT - RIGHT_MARGIN;
  const maxY = () => doc.page.height - BOTTOM;
  const ensureSpace = (height: number) => {
    if (doc.y + height > maxY()) doc.addPage();
  };

  // Letterhead.
  tag('P', () => {
    doc
      .font(FONT_BOLD)
      .fontSize(16)
      .fillColor('black')
      .text(tenantName, LEFT, 18 * MM, { width: contentWidth, lineBreak: false });
    doc
      .font(FONT)
      .fontSize(10)
      .fillColor(GREY)
      .text(fundName, LEFT, doc.y + 2, { width: contentWidth, lineBreak: false });
  });
  const ruleY = doc.y + 6;
  artifact(() =>
    doc
      .moveTo(LEFT, ruleY)
      .lineTo(pageWidth - RIGHT_MARGIN, ruleY)
      .lineWidth(0.6)
      .strokeColor(GREY)
      .stroke(),
  );

  // Address block (DIN 5008 form B window: 45 mm from the top, 20 mm from the left) with the sender line above.
  const addressTop = 45 * MM;
  let y = addressTop + 14;
  tag('P', () => {
    // A form has no addressee: no sender line either.
    if (!content.form)
      doc
        .font(FONT)
        .fontSize(7)
        .fillColor(GREY)
        .text(fill(pdf.letter.sender, { tenant: tenantName, fund: fundName }), LEFT, addressTop, { width: 85 * MM, lineBreak: false });
    doc.font(FONT).fontSize(10).fillColor('black');
    for (const line of recipient.addressLines) {
      doc.text(line, LEFT, y, { width: 85 * MM, lineBreak: false });
      y += 13;
    }
  });

  // Reference block at the right.
  const factsX = 125 * MM;
  const factsWidth = pageWidth - RIGHT_MARGIN - factsX;
  let fy = addressTop;
  doc.fontSize(8.5);
  for (const fact of content.facts) {
    tag('P', () => {
      doc.font(FONT).fillColor(GREY).text(fact.label, factsX, fy, { width: factsWidth, lineBreak: false });
      fy += 10.5;
      doc.font(FONT).fillColor('black').text(fact.value, factsX, fy, { width: factsWidth });
      fy = doc.y + 3;
    });
  }

  // Title, salutation, paragraphs.
  tag('H1', () =>
    doc
      .font(FONT_BOLD)
      .fontSize(14)
      .fillColor('black')
      .text(content.title, LEFT, Math.max(y, fy) + 20, { width: contentWidth }),
  );
  doc.moveDown(0.7);
  doc.font(FONT).fontSize(10);
  if (!content.form) {
    tag('P', () => doc.text(recipient.salutation, LEFT, doc.y, { width: contentWidth }));
    doc.moveDown(0.6);
  }
  for (const paragraph of content.paragraphs) {
    ensureSpace(30);
    tag('P', () => doc.text(paragraph, LEFT, doc.y, { width: contentWidth, align: 'left' }));
    doc.moveDown(0.6);
  }

  // Tables: label left, value right-aligned in a column as wide as the widest value needs (at most 55 %).
  for (const table of content.tables) {
    ensureSpace(40);
    doc.moveDown(0.3);
    tag('H2', () => doc.font(FONT_BOLD).fontSize(10.5).fillColor('black').text(table.heading, LEFT, doc.y, { width: contentWidth }));
    doc.moveDown(0.2);
    const tableStruct = doc.struct('Table');
    root.add(tableStruct);
    doc.fontSize(10);
    const widest = Math.max(...table.rows.map((r) => doc.font(r.strong ? FONT_BOLD : FONT).widthOfString(r.value)));
    const valueWidth = Math.min(contentWidth * 0.55, Math.max(40 * MM, widest + 2));
    const labelWidth = contentWidth - valueWidth - 8;
    for (const row of table.rows) {
      doc
        .font(row.strong ? FONT_BOLD : FONT)
        .fontSize(10)
        .fillColor('black');
      const height = Math.max(doc.heightOfString(row.label, { width: labelWidth }), doc.heightOfString(row.value, { width: valueWidth }));
      ensureSpace(height + 4);
      const rowY = doc.y;
      if (row.strong)
        artifact(() =>
          doc
            .moveTo(LEFT, rowY)
            .lineTo(LEFT + contentWidth, rowY)
            .lineWidth(0.5)
            .strokeColor(GREY)
            .stroke(),
        );
      const rowStruct = doc.struct('TR');
      tableStruct.add(rowStruct);
      rowStruct.add(doc.struct('TH', {}, () => doc.text(row.label, LEFT, rowY + 2, { width: labelWidth })));
      rowStruct.add(doc.struct('TD', {}, () => doc.text(row.value, LEFT + labelWidth + 8, rowY + 2, { width: valueWidth, align: 'right' })));
      rowStruct.end();
      doc.y = rowY + height + 3;
    }
    tableStruct.end();
  }

  // Closing (a letter) or the lines to sign on (a form), then the small print.
  if (content.form) {
    const lineWidth = (contentWidth - 12 * MM) / 2;
    ensureSpace(70);
    doc.moveDown(2.5);
    const lineY = doc.y;
    content.form.signatureLines.forEach((label, i) => {
      const x = LEFT + i * (lineWidth + 12 * MM);
      artifact(() =>
        doc
          .moveTo(x, lineY)
          .lineTo(x + lineWidth, lineY)
          .lineWidth(0.6)
          .strokeColor('black')
          .stroke(),
      );
      tag('P', () =>
        doc
          .font(FONT)
          .fontSize(8.5)
          .fillColor(GREY)
          .text(label, x, lineY + 3, { width: lineWidth, lineBreak: false }),
      );
    });
    doc.y = lineY + 14;
  } else {
    ensureSpace(60);
    doc.moveDown(0.8);
    tag('P', () => {
      doc.font(FONT).fontSize(10).fillColor('black').text(pdf.letter.closing, LEFT, doc.y, { width: contentWidth });
      doc.text(fill(pdf.letter.closingFund, { fund: fundName }), LEFT, doc.y, { width: contentWidth });
    });
  }
  doc.moveDown(0.8);
  doc.font(FONT).fontSize(8).fillColor(GREY);
  // A form is valid only when signed: the note that the letter needs no signature is left out.
  for (const note of content.form ? content.notes : [...content.notes, pdf.letter.machineNote]) {
    ensureSpace(22);
    tag('P', () => doc.text(note, LEFT, doc.y, { width: contentWidth }));
    doc.moveDown(0.3);
  }
  root.end();

  // Footer on every page (written with the bottom margin lifted, so it does not open a new page).
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.markContent('Artifact', { type: 'Pagination' });
    doc
      .font(FONT)
      .fontSize(7.5)
      .fillColor(GREY)
      .text(fill(pdf.letter.footer, { tenant: tenantName, fund: fundName, title: content.title, page: i - range.start + 1, pages: range.count }), LEFT, doc.page.height - 15 * MM, {
        width: contentWidth,
        align: 'center',
        lineBreak: false,
      });
    doc.endMarkedContent();
    doc.page.margins.bottom = saved;
  }
  doc.end();
  return done;
}
