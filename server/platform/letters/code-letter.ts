/**
 * Postal letters with a registration code or a first password (spec 001 sections 2 and 9: "a new first password or
 * code … delivered by post within a week"), rendered with pdfkit as A4 PDFs and written to LETTERS_DIR, from where
 * the fund's print service picks them up.
 *
 * Layout after DIN 5008 form B for a DL window envelope: the address field starts 45 mm from the top and 20 mm
 * from the left edge, 85 × 45 mm; its first 17.7 mm hold the return address in small print, the recipient follows.
 * The letterhead (the tenant's name) is at the top right, the date right-aligned under the address field. Output is
 * deterministic for the same content (creation date set from the letter date), as in server/modules/documents/pdf.
 * Texts from the catalogue: schema/contract/i18n/de/letters.json (`codeLetter`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import PDFDocument from 'pdfkit';
import catalogue from '@contract/i18n/de/letters.json';
import { fill } from '@contract/i18n/fill';
import { formatDate } from '@contract/format';
import type { TenantDefinition } from '../../tenants';

const MM = 72 / 25.4;

/** What a code letter says and to whom. */
export interface CodeLetter {
  kind: 'REGISTRATION_CODE' | 'FIRST_PASSWORD';
  /** The plain code, printed once in the letter (never stored in plain elsewhere). */
  code: string;
  /** ISO date of the letter. */
  date: string;
  /** ISO date until which the code is valid. */
  validUntil: string;
  recipient: { salutation: string; addressLines: string[] };
  /**
   * Why the letter is sent: ORDERED (the member asked for it, the default) or NEW_MEMBER (the fund registered a new
   * member, decision 0057); only the introduction and the closing note differ.
   */
  occasion?: 'ORDERED' | 'NEW_MEMBER';
}

const T = catalogue.codeLetter;

/** Renders a code letter as a PDF (A4, one page); texts `codeLetter.*` (title and introduction per `kind`). */
export function renderCodeLetter(tenant: TenantDefinition, letter: CodeLetter): Promise<Buffer> {
  const title = T.title[letter.kind];
  const created = new Date(`${letter.date}T08:00:00Z`);
  const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Title: title, Author: tenant.name, Producer: tenant.name, CreationDate: created, ModDate: created } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((res, rej) => {
    doc.on('end', () => res(Buffer.concat(chunks)));
    doc.on('error', rej);
  });

  const left = 25 * MM;
  const width = 210 * MM - left - 20 * MM;
  // Letterhead.
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor('#00467f')
    .text(tenant.name, left, 15 * MM, { width, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#444444')
    .text(tenant.letterReturnAddress, left, 22 * MM, { width, align: 'right' });
  // Address field (DIN 5008 form B): return line, then the recipient.
  const fieldLeft = 20 * MM;
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor('#000000')
    .text(tenant.letterReturnAddress, fieldLeft, 45 * MM + 2 * MM, { width: 85 * MM, lineBreak: false });
  doc.fontSize(11).text(letter.recipient.addressLines.join('\n'), fieldLeft, 45 * MM + 17.7 * MM, { width: 85 * MM });
  // Date and subject.
  doc.fontSize(10).text(fill(T.date, { date: formatDate(letter.date) }), left, 98.46 * MM, { width, align: 'right' });
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(title, left, 110 * MM, { width });
  doc.moveDown(1.2).font('Helvetica').fontSize(11).text(letter.recipient.salutation, { width });
  doc.moveDown(0.8);
  const newMember = letter.occasion === 'NEW_MEMBER';
  doc.text((newMember ? T.introNewMember : T.intro)[letter.kind], { width });
  doc.moveDown(0.8);
  doc.font('Courier-Bold').fontSize(18).text(letter.code, { width, align: 'center' });
  doc.moveDown(0.8).font('Helvetica').fontSize(11);
  doc.text(fill(T.howTo, { validUntil: formatDate(letter.validUntil) }), { width });
  doc.moveDown(0.6);
  doc.text(newMember ? T.notRequestedNewMember : T.notRequested, { width });
  doc.moveDown(1.5);
  doc.text(T.closing, { width });
  doc.text(tenant.name, { width });
  doc.end();
  return done;
}

/**
 * Writes a code letter to `lettersDir` as `<yyyy-mm>/<kind>-<codeId>.pdf` (no personal data in the name) and
 * returns the path relative to `lettersDir` (stored in registration_codes.letter_file).
 */
export async function writeCodeLetter(lettersDir: string, codeId: number, tenant: TenantDefinition, letter: CodeLetter): Promise<string> {
  const bytes = await renderCodeLetter(tenant, letter);
  const relative = join(letter.date.slice(0, 7), `${letter.kind === 'REGISTRATION_CODE' ? 'registrierungscode' : 'erstpasswort'}-${codeId}.pdf`);
  const file = join(resolve(lettersDir), relative);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  return relative;
}
