import catalogue from '@contract/i18n/de/forms.json';
import { formatDate } from '@contract/format';
import type { FormValues } from '@contract/forms';
import type { LetterContent, LetterLine } from '../documents/pdf/letter';

const T = catalogue.forms;

/** Catalogue text with `{{name}}` placeholders filled. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => values[k] ?? '');
}

/** The German title of a form kind (the sent message's subject and the PDF's heading). */
export function formTitle(kind: FormValues['kind']): string {
  return T.kind[kind].title;
}

const line = (label: string, value: string): LetterLine => ({ label, value });

/** The rows of what the member entered, per kind, with catalogue labels. */
function enteredRows(v: FormValues): LetterLine[] {
  const f = T.field;
  if (v.kind === 'VESTED_AMOUNT') {
    const a = v.vestedAmount;
    const rows = [line(f.option, T.option[a.option])];
    if (a.keepMode) rows.push(line(f.keepMode, T.keepMode[a.keepMode]));
    if (a.transferType) rows.push(line(f.transferType, T.transferType[a.transferType]));
    if (a.institutionName) rows.push(line(f.institutionName, a.institutionName));
    if (a.employerName) rows.push(line(f.employerName, a.employerName));
    if (a.accountHolder) rows.push(line(f.accountHolder, a.accountHolder));
    if (a.iban) rows.push(line(f.iban, a.iban));
    if (a.bic) rows.push(line(f.bic, a.bic));
    if (a.idDocumentUploadId) rows.push(line(T.pdf.idDocument, T.pdf.idDocumentAttached));
    return rows;
  }
  if (v.kind === 'BANK_DATA') {
    const b = v.bankData;
    return [
      line(f.fund, T.fund[b.fund]),
      line(f.accountHolder, b.accountHolder),
      line(f.bankName, b.bankName),
      line(f.iban, b.iban),
      line(f.bic, b.bic),
      line(f.validFrom, formatDate(b.validFrom)),
    ];
  }
  const p = v.pensionCall;
  const rows = [line(f.pensionStart, formatDate(p.pensionStart))];
  rows.push(line(T.pdf.partner, p.partner ? `${p.partner.firstName} ${p.partner.lastName}, ${formatDate(p.partner.birthDate)}` : T.pdf.noPartner));
  p.children.forEach((c, i) => rows.push(line(fill(f.child, { number: String(i + 1) }), `${c.firstName}, ${formatDate(c.birthDate)}, ${T.gender[c.gender]}`)));
  return rows;
}

/**
 * The letter of a sent form (rendered by the documents' pdfkit layout): title, day of receipt, the contact e-mail and
 * a table of everything entered; for a pension call the deadline rule and what happens next.
 * @param today ISO date of receipt (Vienna).
 */
export function formLetter(v: FormValues, today: string): LetterContent {
  const notes = v.kind === 'PENSION_CALL' ? [T.pensionCallAccount, T.pensionCallAfter] : [];
  return {
    fund: v.kind === 'BANK_DATA' && v.bankData.fund === 'SEVERANCE_FUND' ? 'VK' : 'PK',
    title: formTitle(v.kind),
    documentDate: today,
    facts: [line(T.pdf.received, formatDate(today)), line(T.pdf.contactEmail, v.contactEmail)],
    paragraphs: [fill(T.pdf.intro, { date: formatDate(today) })],
    tables: [{ heading: T.pdf.entered, rows: enteredRows(v) }],
    notes,
  };
}

/** Body of the sent message that carries the form's PDF. */
export function formMessageBody(kind: FormValues['kind']): string {
  return fill(T.pdf.messageBody, { title: formTitle(kind) });
}

/** File name of the form's PDF: `Formular-PENSION_CALL-2026-11-25.pdf`. */
export function formFileName(kind: FormValues['kind'], today: string): string {
  return `${T.pdf.fileName}-${kind}-${today}.pdf`;
}

/** German message of a form or field error code. */
export function formErrorText(code: string): string {
  return (T.error as Record<string, string>)[code] ?? T.error.INVALID;
}
