/**
 * The PDF letter, message body and error texts of the sent forms (spec forms), all from the catalogue
 * (schema/contract/i18n/de/forms.json, `forms.kind`, `forms.field`, `forms.pdf`, `forms.error`); placeholders are filled
 * with `fill` from the contract, which refuses a text with a placeholder left open.
 */
import catalogue from '@contract/i18n/de/forms.json';
import { fill } from '@contract/i18n/fill';
import { formatDate } from '@contract/format';
import type { FormChild, FormPartner, FormValues } from '@contract/forms';
import type { LetterContent, LetterLine } from '../documents/pdf/letter';

const T = catalogue.forms;

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
  if (v.kind === 'PENSION_CALL') {
    const p = v.pensionCall;
    return [line(f.pensionStart, formatDate(p.pensionStart)), partnerRow(p.partner), ...childRows(p.children)];
  }
  if (v.kind === 'EXIT_APPLICATION') {
    const e = v.exitApplication;
    return [
      line(f.exitEmployerName, e.employerName),
      line(f.employmentEndDate, formatDate(e.employmentEndDate)),
      line(f.exitReason, T.exitReason[e.reason]),
      line(f.exitRequest, T.exitRequest[e.request]),
    ];
  }
  if (v.kind === 'EMPLOYMENT_DECLARATION') {
    const e = v.employmentDeclaration;
    const rows = [line(f.employmentStatus, T.employmentStatus[e.status])];
    if (e.employerName) rows.push(line(f.employmentEmployerName, e.employerName));
    if (e.since) rows.push(line(f.employmentSince, formatDate(e.since)));
    return rows;
  }
  if (v.kind === 'FUNCTION_DECLARATION') {
    const d = v.functionDeclaration;
    return [line(f.function, T.memberFunction[d.function]), line(f.exitEmployerName, d.employerName), line(f.functionSince, formatDate(d.since))];
  }
  if (v.kind === 'FAMILY_DECLARATION') {
    const d = v.familyDeclaration;
    const rows = [line(f.maritalStatus, T.maritalStatus[d.maritalStatus])];
    if (d.since) rows.push(line(f.maritalSince, formatDate(d.since)));
    rows.push(partnerRow(d.partner));
    const children = childRows(d.children);
    return [...rows, ...(children.length ? children : [line(T.pdf.children, T.pdf.none)])];
  }
  if (v.kind === 'MODEL_OBJECTION') {
    const o = v.modelObjection;
    return [line(f.letterDate, formatDate(o.letterDate)), line(f.reason, o.reason ?? T.pdf.noPartner)];
  }
  const w = v.modelSwitch;
  return [line(f.switchTarget, T.switchTarget[w.target]), line(f.switchDate, formatDate(w.switchDate))];
}

const partnerRow = (p: FormPartner | null): LetterLine => line(T.pdf.partner, p ? `${p.firstName} ${p.lastName}, ${formatDate(p.birthDate)}` : T.pdf.noPartner);

const childRows = (children: FormChild[]): LetterLine[] =>
  children.map((c, i) => line(fill(T.field.child, { number: String(i + 1) }), `${c.firstName}, ${formatDate(c.birthDate)}, ${T.gender[c.gender]}`));

/** What the fund does next, per kind (under the table of the PDF). */
const NOTES: Partial<Record<FormValues['kind'], string[]>> = {
  PENSION_CALL: [T.pensionCallAccount, T.pensionCallAfter],
  EXIT_APPLICATION: [T.exitAfter],
  MODEL_OBJECTION: [T.objectionNote],
  MODEL_SWITCH: [T.switchNote],
};

/**
 * The letter of a sent form (rendered by the documents' pdfkit layout): title, day of receipt, the contact e-mail and
 * a table of everything entered; for a pension call, exit application and the model declarations what happens next.
 * @param today ISO date of receipt (Vienna).
 */
export function formLetter(v: FormValues, today: string): LetterContent {
  return {
    fund: v.kind === 'BANK_DATA' && v.bankData.fund === 'SEVERANCE_FUND' ? 'VK' : 'PK',
    title: formTitle(v.kind),
    documentDate: today,
    facts: [line(T.pdf.received, formatDate(today)), line(T.pdf.contactEmail, v.contactEmail)],
    paragraphs: [fill(T.pdf.intro, { date: formatDate(today) })],
    tables: [{ heading: T.pdf.entered, rows: enteredRows(v) }],
    notes: NOTES[v.kind] ?? [],
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
