import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formSubmissions, messageAttachments, messages } from '../../db/schema';
import { graphql } from '../gql';
import type { FormChildInput, FormKind, PensionCallFormInput, SubmitFormInput } from '../gql/graphql';
import { DEMO_PASSWORD, type PortalClient } from '../helpers/client';
import { multipart, pdfBytes } from '../helpers/files';
import { pdfText } from '../helpers/pdf';
import { emailOf, loginAs, type Scenario } from '../helpers/scenarios';
import { personIdOf, useTestServer } from '../helpers/suite-server';
import { startTestServer } from '../helpers/test-server';
import { REMAINING, type Sections } from './forms-cases';

const SUBMIT = graphql(`
  mutation FormsSubmit($input: SubmitFormInput!) {
    submitForm(input: $input) {
      ok {
        kind
        message {
          ...MessageDetail_MessageFragment
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);
const INFO = graphql(`
  query FormsInfo {
    me {
      formInfo {
        kinds
        earliestPensionStart
        bankDataFunds
      }
    }
  }
`);

const suite = useTestServer({ members: 2 });

const key = () => `form-${randomUUID()}`;

async function submit(client: PortalClient, input: SubmitFormInput) {
  const res = await client.operation(SUBMIT, { input });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.submitForm;
}

/** The forms the member of `client` may send (`me.formInfo`). */
async function formInfoOf(client: PortalClient) {
  return (await client.operation(INFO)).body.data!.me!.formInfo;
}

async function stored(scenario: Scenario): Promise<{ messages: number; forms: number }> {
  const id = await personIdOf(suite.server, scenario);
  const m = (await suite.server.db.select({ n: count() }).from(messages).where(eq(messages.personId, id)))[0]!.n;
  const f = (await suite.server.db.select({ n: count() }).from(formSubmissions).where(eq(formSubmissions.personId, id)))[0]!.n;
  return { messages: m, forms: f };
}

function pensionCall(overrides: PensionCallFormInput = {}): SubmitFormInput {
  return {
    kind: 'PENSION_CALL',
    idempotencyKey: key(),
    contactEmail: emailOf('clara'),
    termsAccepted: true,
    pensionCall: {
      pensionStart: '2027-01-01',
      hasPartner: true,
      partner: { firstName: 'Karl', lastName: 'Pension', birthDate: '1958-04-12' },
      children: [{ firstName: 'Lena', birthDate: '1990-06-01', gender: 'FEMALE' }],
      ...overrides,
    },
  };
}

describe('inbox forms: bad input (decision 0022)', () => {
  it('refuses a sixth child at the field, storing nothing', async () => {
    const clara = await loginAs(suite.server, 'clara');
    const before = await stored('clara');
    const children = Array.from({ length: 6 }, (_, i): FormChildInput => ({ firstName: `Kind${i + 1}`, birthDate: '2001-01-01', gender: 'MALE' }));
    const r = await submit(clara, pensionCall({ children }));
    expect(r.ok).toBeNull();
    expect(r.error).toMatchObject({
      code: 'INVALID_DATA',
      fieldErrors: [{ field: 'pensionCall.children.5', code: 'TOO_MANY_CHILDREN', message: 'Sie können höchstens 5 Kinder angeben.' }],
    });
    expect(await stored('clara')).toEqual(before);
  });

  it('refuses an incomplete form (child without gender, terms not accepted) as INCOMPLETE', async () => {
    const clara = await loginAs(suite.server, 'clara');
    const r = await submit(clara, { ...pensionCall({ children: [{ firstName: 'Lena', birthDate: '1990-06-01' }] }), termsAccepted: false });
    expect(r.error?.code).toBe('INCOMPLETE');
    expect(r.error?.fieldErrors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'termsAccepted', code: 'TERMS_NOT_ACCEPTED' }),
        expect.objectContaining({ field: 'pensionCall.children.0.gender', code: 'REQUIRED' }),
      ]),
    );
    const noSection = await submit(clara, { kind: 'PENSION_CALL', idempotencyKey: key(), contactEmail: 'clara@example.at', termsAccepted: true });
    expect(noSection.error).toMatchObject({ code: 'INCOMPLETE', fieldErrors: [{ field: 'pensionCall', code: 'REQUIRED' }] });
  });

  it('refuses an invalid e-mail as INVALID_EMAIL', async () => {
    const clara = await loginAs(suite.server, 'clara');
    const r = await submit(clara, { ...pensionCall(), contactEmail: 'clara.pension@example' });
    expect(r.error).toMatchObject({ code: 'INVALID_EMAIL', fieldErrors: [{ field: 'contactEmail', code: 'EMAIL_INVALID' }] });
  });

  it('needs exactly one option of the vested amount with its sub-option', async () => {
    const anna = await loginAs(suite.server, 'anna');
    const base: Omit<SubmitFormInput, 'idempotencyKey'> = { kind: 'VESTED_AMOUNT', contactEmail: emailOf('anna'), termsAccepted: true };
    const noSub = await submit(anna, { ...base, idempotencyKey: key(), vestedAmount: { option: 'KEEP' } });
    expect(noSub.error).toMatchObject({ code: 'INCOMPLETE', fieldErrors: [{ field: 'vestedAmount.keepMode', code: 'REQUIRED' }] });
    const two = await submit(anna, { ...base, idempotencyKey: key(), vestedAmount: { option: 'KEEP', keepMode: 'CONTRIBUTION_FREE', transferType: 'PENSION_FUND' } });
    expect(two.error).toMatchObject({ code: 'INVALID_DATA', fieldErrors: [{ field: 'vestedAmount.transferType', code: 'OPTION_CONFLICT' }] });
    const otherSection = await submit(anna, {
      ...base,
      idempotencyKey: key(),
      vestedAmount: { option: 'KEEP', keepMode: 'CONTRIBUTION_FREE' },
      bankData: { fund: 'PENSION_FUND' },
    });
    expect(otherSection.error).toMatchObject({ code: 'INVALID_DATA', fieldErrors: [{ field: 'bankData', code: 'OPTION_CONFLICT' }] });
    const payout = await submit(anna, {
      ...base,
      idempotencyKey: key(),
      currentPassword: DEMO_PASSWORD,
      vestedAmount: { option: 'PAYOUT', accountHolder: 'Anna Muster', iban: 'AT611904300234573201', bic: 'BKAUATWW' },
    });
    expect(payout.error).toMatchObject({ code: 'INCOMPLETE', fieldErrors: [{ field: 'vestedAmount.idDocumentUploadId', code: 'REQUIRED' }] });
  });

  it('refuses a form for a fund the member has no contract with (bernd: Vorsorgekasse only)', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const r = await submit(bernd, { ...pensionCall(), contactEmail: emailOf('bernd') });
    expect(r.error?.code).toBe('NOT_AVAILABLE');
    expect((await formInfoOf(bernd)).kinds).toEqual(['BANK_DATA']);
    // Bank data names only his fund; anna, a member of both, may name either.
    expect((await formInfoOf(bernd)).bankDataFunds).toEqual(['SEVERANCE_FUND']);
    expect((await formInfoOf(await loginAs(suite.server, 'anna'))).bankDataFunds).toEqual(['PENSION_FUND', 'SEVERANCE_FUND']);
  });
});

describe('inbox forms: sending (decision 0022)', () => {
  it('a pension call becomes a sent message with a PDF of what was entered; a repeat with the same key gets the same answer; the form sent twice is refused', async () => {
    const clara = await loginAs(suite.server, 'clara');
    const before = await stored('clara');
    const input = pensionCall();
    const r = await submit(clara, input);
    expect(r.error).toBeNull();
    expect(r.ok).toMatchObject({ kind: 'PENSION_CALL', message: { folder: 'SENT', counterpart: 'PENSION_FUND', subject: 'Pensionsabruf' } });
    const [pdf] = r.ok!.message.attachments;
    expect(pdf).toMatchObject({ contentType: 'application/pdf', fileName: 'Formular-PENSION_CALL-2026-11-22.pdf' });
    const download = await clara.fetch(`${pdf!.downloadUrl}&lng=de`);
    expect(download.status).toBe(200);
    const text = await pdfText(new Uint8Array(await download.arrayBuffer()));
    expect(text).toContain('Pensionsabruf');
    expect(text).toContain('01.01.2027');
    expect(text).toContain('Karl Pension, 12.04.1958');
    expect(text).toContain('Lena, 01.06.1990, weiblich');
    expect(await stored('clara')).toEqual({ messages: before.messages + 1, forms: before.forms + 1 });

    const again = await submit(clara, input);
    expect(again.ok?.message.id).toBe(r.ok!.message.id);
    expect(await stored('clara')).toEqual({ messages: before.messages + 1, forms: before.forms + 1 });

    const twice = await submit(clara, { ...input, idempotencyKey: key() });
    expect(twice.error).toMatchObject({ code: 'ALREADY_SENT', message: expect.stringContaining('bereits gesendet') });
    expect(await stored('clara')).toEqual({ messages: before.messages + 1, forms: before.forms + 1 });
  });

  it('a pension call must arrive by the 10th for a start on the next 1st; later it starts a month later', async () => {
    const start = suite.server.clock.now();
    try {
      suite.server.clock.set(Date.parse('2026-12-10T20:00:00Z'));
      const anna = await loginAs(suite.server, 'anna');
      expect((await formInfoOf(anna)).earliestPensionStart).toBe('2027-01-01');
      suite.server.clock.set(Date.parse('2026-12-10T23:30:00Z')); // 11 December in Vienna
      const later = await loginAs(suite.server, 'anna');
      expect((await formInfoOf(later)).earliestPensionStart).toBe('2027-02-01');
      const late = await submit(later, { ...pensionCall(), contactEmail: emailOf('anna') });
      expect(late.error).toMatchObject({ code: 'INVALID_DATA', fieldErrors: [{ field: 'pensionCall.pensionStart', code: 'PENSION_START_TOO_EARLY' }] });
      const notFirst = await submit(later, { ...pensionCall({ pensionStart: '2027-02-15' }), contactEmail: emailOf('anna') });
      expect(notFirst.error?.fieldErrors).toEqual([expect.objectContaining({ field: 'pensionCall.pensionStart', code: 'PENSION_START_NOT_FIRST' })]);
    } finally {
      suite.server.clock.set(start);
    }
  });

  it('bank data need the step-up; with the password they arrive at the chosen fund, and REST webportal/form serves the same', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const input: SubmitFormInput = {
      kind: 'BANK_DATA',
      idempotencyKey: key(),
      contactEmail: emailOf('bernd'),
      termsAccepted: true,
      bankData: { fund: 'SEVERANCE_FUND', accountHolder: 'Bernd Vorsorge', bankName: 'Erste Bank', iban: 'AT61 1904 3002 3457 3201', bic: 'GIBAATWWXXX', validFrom: '2026-12-01' },
    };
    const before = await stored('bernd');
    expect((await submit(bernd, input)).error).toMatchObject({ code: 'PASSWORD_INCORRECT', fieldErrors: [{ field: 'currentPassword', code: 'PASSWORD_REQUIRED' }] });
    expect((await submit(bernd, { ...input, currentPassword: 'falsch-falsch' })).error?.code).toBe('PASSWORD_INCORRECT');
    expect(await stored('bernd')).toEqual(before);

    const res = await bernd.fetch('/rest/webportal/form', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...input, currentPassword: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; kind: string; message: { counterpart: string; subject: string; attachments: unknown[] } };
    expect(body).toMatchObject({ ok: true, kind: 'BANK_DATA', message: { counterpart: 'SEVERANCE_FUND', subject: 'Bankverbindung bekannt geben' } });
    expect(body.message.attachments).toHaveLength(1);
    const info = await bernd.fetch('/rest/webportal/form', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(await info.json()).toEqual({ kinds: ['BANK_DATA'], earliestPensionStart: '2027-01-01', bankDataFunds: ['SEVERANCE_FUND'] });
  });

  it('a vested-amount payout carries the ID document; another member’s upload is not found', async () => {
    const anna = await loginAs(suite.server, 'anna');
    const clara = await loginAs(suite.server, 'clara');
    const upload = async (client: PortalClient) => {
      const { body, contentType } = multipart([{ name: 'file', fileName: 'Ausweis.pdf', contentType: 'application/pdf', body: pdfBytes(500) }]);
      const res = await client.fetch('/webportal/upload?purpose=form-id-document&lng=de', { method: 'POST', headers: { 'content-type': contentType }, body });
      expect(res.status).toBe(200);
      return ((await res.json()) as { id: string }).id;
    };
    const claraUpload = await upload(clara);
    const vested = (uploadId: string): SubmitFormInput => ({
      kind: 'VESTED_AMOUNT',
      idempotencyKey: key(),
      contactEmail: emailOf('anna'),
      termsAccepted: true,
      currentPassword: DEMO_PASSWORD,
      vestedAmount: { option: 'PAYOUT', accountHolder: 'Anna Muster', iban: 'AT611904300234573201', bic: 'BKAUATWW', idDocumentUploadId: uploadId },
    });
    const foreign = await submit(anna, vested(claraUpload));
    expect(foreign.error).toMatchObject({ code: 'INVALID_DATA', fieldErrors: [{ field: 'vestedAmount.idDocumentUploadId', code: 'UPLOAD_NOT_FOUND' }] });
    const r = await submit(anna, vested(await upload(anna)));
    expect(r.error).toBeNull();
    expect(r.ok!.message.attachments.map((a) => a.fileName)).toEqual(['Formular-VESTED_AMOUNT-2026-11-22.pdf', 'Ausweis.pdf']);
    const rows = await suite.server.db
      .select({ n: count() })
      .from(messageAttachments)
      .where(eq(messageAttachments.messageId, Number(r.ok!.message.id)));
    expect(rows[0]!.n).toBe(2);
  });
});

describe('inbox forms: exit application and declarations (decision 0025)', () => {
  const form = (kind: FormKind, sections: Sections): SubmitFormInput => ({ kind, idempotencyKey: key(), contactEmail: emailOf('anna'), termsAccepted: true, ...sections });

  it('offers them by contract: all to anna (member), no exit or function declaration to clara (beneficiary), none to bernd (Vorsorgekasse only)', async () => {
    const kindsOf = async (scenario: Scenario) => (await formInfoOf(await loginAs(suite.server, scenario))).kinds;
    expect(await kindsOf('anna')).toEqual(['VESTED_AMOUNT', 'BANK_DATA', 'PENSION_CALL', ...REMAINING.map((r) => r.kind)]);
    expect(await kindsOf('clara')).toEqual(['VESTED_AMOUNT', 'BANK_DATA', 'PENSION_CALL', 'EMPLOYMENT_DECLARATION', 'FAMILY_DECLARATION', 'MODEL_OBJECTION', 'MODEL_SWITCH']);
    const clara = await loginAs(suite.server, 'clara');
    const r = await submit(clara, { ...form('EXIT_APPLICATION', REMAINING[0]!.valid), contactEmail: emailOf('clara') });
    expect(r.error?.code).toBe('NOT_AVAILABLE');
    const bernd = await loginAs(suite.server, 'bernd');
    const b = await submit(bernd, { ...form('MODEL_SWITCH', REMAINING[5]!.valid), contactEmail: emailOf('bernd') });
    expect(b.error?.code).toBe('NOT_AVAILABLE');
  });

  it('refuses a sixth child on the family declaration at the field, storing nothing', async () => {
    const client = await loginAs(suite.server, 'anna');
    const before = await stored('anna');
    const children = Array.from({ length: 6 }, (_, i): FormChildInput => ({ firstName: `Kind${i + 1}`, birthDate: '2010-01-01', gender: 'DIVERSE' }));
    const r = await submit(client, form('FAMILY_DECLARATION', { familyDeclaration: { maritalStatus: 'SINGLE', children } }));
    expect(r.error).toMatchObject({
      code: 'INVALID_DATA',
      fieldErrors: [{ field: 'familyDeclaration.children.5', code: 'TOO_MANY_CHILDREN', message: 'Sie können höchstens 5 Kinder angeben.' }],
    });
    expect(await stored('anna')).toEqual(before);
  });

  it.each(REMAINING.map((r) => [r.kind, r] as const))(
    '%s: incomplete and invalid refused at the field; sent via REST with its PDF; repeat idempotent; sent twice refused',
    async (_kind, c) => {
      const client = await loginAs(suite.server, 'anna');
      const before = await stored('anna');
      const incomplete = await submit(client, form(c.kind, c.incomplete[0]));
      expect(incomplete.error).toMatchObject({ code: 'INCOMPLETE', fieldErrors: expect.arrayContaining([expect.objectContaining({ field: c.incomplete[1], code: 'REQUIRED' })]) });
      const invalid = await submit(client, form(c.kind, c.invalid[0]));
      expect(invalid.error).toMatchObject({ code: 'INVALID_DATA', fieldErrors: [expect.objectContaining({ field: c.invalid[1], code: c.invalid[2] })] });
      expect(await stored('anna')).toEqual(before);

      const body = JSON.stringify(form(c.kind, c.valid));
      const post = async (json: string) => {
        const res = await client.fetch('/rest/webportal/form', { method: 'POST', headers: { 'content-type': 'application/json' }, body: json });
        expect(res.status).toBe(200);
        return (await res.json()) as {
          ok: boolean;
          code: string | null;
          kind: string;
          message: { id: string; counterpart: string; subject: string; attachments: { fileName: string; downloadUrl: string }[] };
        };
      };
      const sent = await post(body);
      expect(sent).toMatchObject({ ok: true, kind: c.kind, message: { counterpart: 'PENSION_FUND', subject: c.subject } });
      const [pdf] = sent.message.attachments;
      expect(pdf!.fileName).toBe(`Formular-${c.kind}-2026-11-22.pdf`);
      const download = await client.fetch(`${pdf!.downloadUrl}&lng=de`);
      expect(download.status).toBe(200);
      const text = await pdfText(new Uint8Array(await download.arrayBuffer()));
      for (const s of [c.subject, ...c.pdf]) expect(text).toContain(s);
      expect(await stored('anna')).toEqual({ messages: before.messages + 1, forms: before.forms + 1 });

      const repeat = await post(body);
      expect(repeat.message.id).toBe(sent.message.id);
      const twice = await submit(client, form(c.kind, c.valid));
      expect(twice.error).toMatchObject({ code: 'ALREADY_SENT', message: expect.stringContaining('bereits gesendet') });
      expect(await stored('anna')).toEqual({ messages: before.messages + 1, forms: before.forms + 1 });
    },
  );
});

describe('inbox forms: regional tenant (no Pensionskasse products)', () => {
  it('offers anna only the Vorsorgekasse bank data and refuses the Pensionskasse declarations as NOT_AVAILABLE', async () => {
    const regional = await startTestServer({ members: 2, env: { TENANT: 'regional' } });
    try {
      const anna = await loginAs(regional, 'anna');
      expect((await formInfoOf(anna)).kinds).toEqual(['BANK_DATA']);
      // The regional fund's bank-data form names no Pensionskasse (spec 000 section 1).
      expect((await formInfoOf(anna)).bankDataFunds).toEqual(['SEVERANCE_FUND']);
      const r = await anna.operation(SUBMIT, {
        input: { kind: 'FAMILY_DECLARATION', idempotencyKey: key(), contactEmail: emailOf('anna'), termsAccepted: true, familyDeclaration: { maritalStatus: 'SINGLE' } },
      });
      expect(r.body.data!.submitForm.error?.code).toBe('NOT_AVAILABLE');
    } finally {
      await regional.close();
    }
  });
});
