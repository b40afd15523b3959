import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { writeTransaction } from '../../../db/client';
import { claimFiles, severanceClaims, vkAccounts } from '../../../db/schema';
import { graphql } from '../../gql';
import type { SignatureInput, SubmitSeveranceClaimInput } from '../../gql/graphql';
import { DEMO_PASSWORD, PortalClient } from '../../helpers/client';
import { pdfBytes } from '../../helpers/files';
import { loginAs } from '../../helpers/scenarios';
import { uploadedId } from '../../helpers/member-uploads';
import { useSeveranceRequestsServer } from '../../helpers/severance-requests-server';
import { bankTransferPayout, PAYOUT_IBAN, SUBMIT_CLAIM as SUBMIT } from '../claims-operations';
import { personIdOf } from '../../helpers/suite-server';

/**
 * The severance claim (decision 0015; spec 001 sections 2 to 5, 8 and 9; spec 000 section 5 "Withdrawal step"):
 * `Person.claimableSeveranceAccounts`, `submitSeveranceClaim` and REST `webportal/verfuegungen` on the real server
 * over HTTP with a fresh database. The clock stands at TEST_TODAY 2026-11-22 10:00 Vienna time.
 */
const ACCOUNTS = graphql(`
  query SeveranceClaimAccounts {
    me {
      claimableSeveranceAccounts {
        ...ClaimSteps_ClaimableSeveranceAccountFragment
        decisionMonths
      }
    }
  }
`);
/** A 1×1 PNG as the signature pad sends it. */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const DRAWN: SignatureInput = { kind: 'DRAWN', png: PNG };
const TYPED: SignatureInput = { kind: 'TYPED', name: 'Bernd Vorsorge' };

const suite = useSeveranceRequestsServer(8, (db) => db.update(vkAccounts).set({ selfEmployed: false }));

async function accountsOf(client: PortalClient) {
  const { body } = await client.operation(ACCOUNTS);
  expect(body.errors).toBeUndefined();
  return body.data!.me!.claimableSeveranceAccounts;
}

async function claimCount(): Promise<number> {
  return (await suite.server.db.select({ id: severanceClaims.id }).from(severanceClaims)).length;
}

/** A stored claim document (purpose `claim-document`) of the client's member: its upload id. */
async function documentId(client: PortalClient): Promise<string> {
  return await uploadedId(client, 'claim-document', 'dokument.pdf', pdfBytes(), 'application/pdf');
}

async function submit(client: PortalClient, input: SubmitSeveranceClaimInput) {
  const { body } = await client.operation(SUBMIT, { input: { signature: TYPED, ...input } });
  expect(body.errors).toBeUndefined();
  return body.data!.submitSeveranceClaim;
}

describe('claimableSeveranceAccounts', () => {
  it("shows bernd's dormant account with a right to decide, its 6 % tax and the cash-order cost, and the active one without", async () => {
    const accounts = await accountsOf(await loginAs(suite.server, 'bernd'));
    expect(accounts).toHaveLength(2);
    const [dormant, active] = accounts.filter((a) => a.rightToDecide).concat(accounts.filter((a) => !a.rightToDecide));
    expect(dormant!.entitlement).toBeGreaterThan(0);
    expect(dormant!.payoutTax).toBe(Math.round(dormant!.entitlement! * 0.06));
    expect(dormant!.cashOrderCost).toBe(1000);
    expect(dormant!.allowedOptions).toEqual(['KEEP', 'TRANSFER_PENSION_FUND', 'TRANSFER_SUPPLEMENTARY_INSURANCE', 'TRANSFER_VORSORGEKASSE', 'PAYOUT']);
    expect(dormant!.decisionMonths).toBe(6);
    expect(dormant!.claimOpen).toBe(false);
    expect(active!.rightToDecide).toBe(false);
    expect(active!.decisionDaysLeft).toBeNull();
  });
});

describe('submitSeveranceClaim', () => {
  it('stores a payout by bank transfer with the step-up, answers the computed payout date, and refuses a second claim', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const account = (await accountsOf(bernd)).find((a) => a.rightToDecide)!;
    const input: SubmitSeveranceClaimInput = {
      ...bankTransferPayout(account.id),
      signature: DRAWN,
      identityDocumentIds: [await documentId(bernd)],
      bankConfirmationIds: [await documentId(bernd)],
    };
    const first = await submit(bernd, input);
    expect(first.error).toBeNull();
    // Received 22.11.2026 → Sun 31.01.2027, then Mon 1.2. … Fri 5.2.2027 (5 working days).
    expect(first.ok?.claim).toMatchObject({
      option: 'PAYOUT',
      status: 'NEW',
      submittedOn: '2026-11-22',
      dueDate: '2027-02-05',
      dueDateExceeded: false,
      entitlement: account.entitlement,
      tax: account.payoutTax,
      cashOrderCost: 0,
    });
    const stored = await suite.server.db.select().from(severanceClaims);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ iban: 'AT611904300234573201', payoutType: 'BANK_TRANSFER', status: 'NEW', signatureKind: 'DRAWN', signatureName: null });
    const files = await suite.server.db.select().from(claimFiles).where(eq(claimFiles.claimId, stored[0]!.id));
    expect(files.filter((f) => f.kind === 'SIGNATURE_SAMPLE')).toEqual([
      expect.objectContaining({ kind: 'SIGNATURE_SAMPLE', contentType: 'image/png', sizeBytes: Buffer.from(PNG.split(',')[1]!, 'base64').length }),
    ]);
    expect(files.map((f) => f.kind).sort()).toEqual(['BANK_CONFIRMATION', 'IDENTITY_DOCUMENT', 'SIGNATURE_SAMPLE']);
    expect((await accountsOf(bernd)).find((a) => a.id === account.id)?.claimOpen).toBe(true);

    const second = await submit(bernd, input);
    expect(second.ok).toBeNull();
    expect(second.error).toMatchObject({ code: 'ERROR_ALREADY_SUBMITTED', message: 'Sie haben für dieses Konto bereits vor Kurzem einen Antrag gesendet.' });
    expect(await claimCount()).toBe(1);
  });

  it('lets two concurrent sends of the same claim store exactly one', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const account = (await accountsOf(bernd)).find((a) => a.rightToDecide)!;
    const input: SubmitSeveranceClaimInput = { accountId: account.id, option: 'KEEP', confirmed: true };
    const answers = await Promise.all([submit(bernd, input), submit(bernd, input), submit(bernd, input)]);
    expect(answers.filter((a) => a.ok !== null)).toHaveLength(1);
    expect(answers.filter((a) => a.error?.code === 'ERROR_ALREADY_SUBMITTED')).toHaveLength(2);
    expect(await claimCount()).toBe(1);
  });

  it('stores a transfer to a supplementary pension insurance with its policy number, without the step-up', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const account = (await accountsOf(bernd)).find((a) => a.rightToDecide)!;
    const answer = await submit(bernd, {
      accountId: account.id,
      option: 'TRANSFER_SUPPLEMENTARY_INSURANCE',
      institutionName: 'Wiener Städtische',
      policyNumber: 'PZ-2026/4711',
      confirmed: true,
      identityDocumentIds: [await documentId(bernd)],
      institutionConfirmationIds: [await documentId(bernd)],
    });
    expect(answer.ok?.claim).toMatchObject({ option: 'TRANSFER_SUPPLEMENTARY_INSURANCE', tax: 0 });
  });

  it.each<[string, Partial<SubmitSeveranceClaimInput>, string, string]>([
    ['an IBAN with a wrong checksum', { payoutType: 'BANK_TRANSFER', iban: 'AT62 1904 3002 3457 3201' }, 'iban', 'IBAN_INVALID'],
    ['the AT00 placeholder', { payoutType: 'BANK_TRANSFER', iban: 'AT00 0000 0000 0000 0000' }, 'iban', 'IBAN_PLACEHOLDER'],
    ['a cash order abroad', { payoutType: 'CASH_ORDER', street: 'Hauptstraße 1', postcode: '80331', city: 'München', country: 'DE' }, 'country', 'CASH_ORDER_ABROAD'],
    [
      'a cash order to a postcode outside Austria',
      { payoutType: 'CASH_ORDER', street: 'Hauptstraße 1', postcode: '0999', city: 'Wien', country: 'AT' },
      'postcode',
      'POSTCODE_INVALID',
    ],
    ['a payout without its type', {}, 'payoutType', 'REQUIRED'],
    ['an unconfirmed claim', { payoutType: 'BANK_TRANSFER', iban: 'AT61 1904 3002 3457 3201', confirmed: false }, 'confirmed', 'NOT_CONFIRMED'],
    ['an empty signature', { payoutType: 'BANK_TRANSFER', iban: 'AT61 1904 3002 3457 3201', signature: null }, 'signature', 'SIGNATURE_EMPTY'],
    [
      'a typed signature of one letter',
      { payoutType: 'BANK_TRANSFER', iban: 'AT61 1904 3002 3457 3201', signature: { kind: 'TYPED', name: ' B ' } },
      'signature',
      'SIGNATURE_EMPTY',
    ],
    [
      'a drawn signature that is no PNG',
      { payoutType: 'BANK_TRANSFER', iban: 'AT61 1904 3002 3457 3201', signature: { kind: 'DRAWN', png: 'data:image/png;base64,JVBERi0xLjQK' } },
      'signature',
      'SIGNATURE_INVALID',
    ],
  ])('refuses %s with its message and stores nothing', async (_name, extra, field, code) => {
    const bernd = await loginAs(suite.server, 'bernd');
    const account = (await accountsOf(bernd)).find((a) => a.rightToDecide)!;
    const documents = { identityDocumentIds: [await documentId(bernd)], bankConfirmationIds: [await documentId(bernd)] };
    const answer = await submit(bernd, { accountId: account.id, option: 'PAYOUT', confirmed: true, currentPassword: DEMO_PASSWORD, ...documents, ...extra });
    expect(answer.ok).toBeNull();
    expect(answer.error?.code).toBe('ERROR_INVALID_INPUT');
    expect(answer.error?.fieldErrors).toContainEqual(expect.objectContaining({ field, code }));
    expect(answer.error?.fieldErrors.every((e) => e.message.length > 0)).toBe(true);
    expect(await claimCount()).toBe(0);
  });

  it("refuses a claim without a right to decide, on an account that is not the member's own, and with a missing or wrong password", async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const accounts = await accountsOf(bernd);
    const active = accounts.find((a) => !a.rightToDecide)!;
    const dormant = accounts.find((a) => a.rightToDecide)!;
    expect((await submit(bernd, { accountId: active.id, option: 'KEEP', confirmed: true })).error?.code).toBe('ERROR_NO_RIGHT_TO_DECIDE');

    const anna = await loginAs(suite.server, 'anna');
    expect((await submit(anna, { accountId: dormant.id, option: 'KEEP', confirmed: true })).error?.code).toBe('ERROR_NO_RIGHT_TO_DECIDE');

    const payout: SubmitSeveranceClaimInput = {
      accountId: dormant.id,
      option: 'PAYOUT',
      payoutType: 'BANK_TRANSFER',
      iban: PAYOUT_IBAN,
      confirmed: true,
      identityDocumentIds: [await documentId(bernd)],
      bankConfirmationIds: [await documentId(bernd)],
    };
    const missing = await submit(bernd, payout);
    expect(missing.error).toMatchObject({ code: 'ERROR_INVALID_INPUT', fieldErrors: [expect.objectContaining({ field: 'currentPassword', code: 'REQUIRED' })] });
    const wrong = await submit(bernd, { ...payout, currentPassword: 'Falsch#Passwort1' });
    expect(wrong.error).toMatchObject({ code: 'ERROR_PWD_INVALID', fieldErrors: [expect.objectContaining({ field: 'currentPassword', code: 'PASSWORD_INCORRECT' })] });
    expect(await claimCount()).toBe(0);
  });

  it("refuses a self-employed member's transfer to a pension fund or collective insurance, and offers the other options", async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const berndId = await personIdOf(suite.server, 'bernd');
    await writeTransaction(suite.server.db, () => suite.server.db.update(vkAccounts).set({ selfEmployed: true }).where(eq(vkAccounts.personId, berndId)));
    const account = (await accountsOf(bernd)).find((a) => a.rightToDecide)!;
    expect(account.allowedOptions).not.toContain('TRANSFER_PENSION_FUND');
    const answer = await submit(bernd, {
      accountId: account.id,
      option: 'TRANSFER_PENSION_FUND',
      institutionName: 'Pensionskasse AG',
      confirmed: true,
      identityDocumentIds: [await documentId(bernd)],
      institutionConfirmationIds: [await documentId(bernd)],
    });
    expect(answer.error).toMatchObject({ code: 'ERROR_OPTION_NOT_ALLOWED', fieldErrors: [expect.objectContaining({ field: 'option' })] });
    expect(await claimCount()).toBe(0);
    const transfer: SubmitSeveranceClaimInput = {
      accountId: account.id,
      option: 'TRANSFER_VORSORGEKASSE',
      institutionName: 'Neue VK',
      confirmed: true,
      identityDocumentIds: [await documentId(bernd)],
    };
    expect((await submit(bernd, transfer)).ok).not.toBeNull();
  });

  it('needs a session', async () => {
    const { body } = await new PortalClient(suite.server.url).operation(SUBMIT, { input: { accountId: '1', option: 'KEEP', confirmed: true } });
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('REST webportal/verfuegungen', () => {
  it('answers the withdrawal step data and sends a cash-order payout with its cost, at /webportal/verfuegungen too', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const data = await bernd.rest('webportal/verfuegungen');
    expect(data.status).toBe(200);
    const konten = (data.json as { konten: Record<string, unknown>[] }).konten;
    const dormant = konten.find((k) => k.hasVV === true)!;
    expect(dormant).toMatchObject({ hasNormalerVA: true, pensionsDat: null, pkPartnerSeqId: null, vkPartnerSeqId: null, versPartnerSeqId: null, claimOpen: false });
    expect(dormant.guthaben).toBeGreaterThan(0);

    const res = await bernd.fetch('/webportal/verfuegungen', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        accountId: String(dormant.accountId),
        option: 'PAYOUT',
        payoutType: 'CASH_ORDER',
        street: 'Landstraßer Hauptstraße 12',
        postcode: '1030',
        city: 'Wien',
        country: 'AT',
        confirmed: 'true',
        currentPassword: DEMO_PASSWORD,
        signatureKind: 'TYPED',
        signatureName: 'Bernd Vorsorge',
        identityDocumentIds: await documentId(bernd),
      }).toString(),
    });
    expect(res.status).toBe(200);
    const sent = (await res.json()) as { ok: boolean; claim: Record<string, unknown> };
    expect(sent.ok).toBe(true);
    expect(sent.claim).toMatchObject({ option: 'PAYOUT', dueDate: '2027-02-05', cashOrderCost: 1000, tax: Math.round(Number(dormant.guthaben) * 0.06) });

    const again = await bernd.rest('webportal/verfuegungen', {
      accountId: String(dormant.accountId),
      option: 'KEEP',
      confirmed: 'true',
      signatureKind: 'TYPED',
      signatureName: 'Bernd Vorsorge',
    });
    expect(again.json).toMatchObject({ ok: false, code: 'ERROR_ALREADY_SUBMITTED', claim: null });
  });

  it('names the step partner field of a transfer without an institution', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const konten = ((await bernd.rest('webportal/verfuegungen')).json as { konten: { accountId: string; hasVV: boolean }[] }).konten;
    const answer = await bernd.rest('webportal/verfuegungen', {
      accountId: konten.find((k) => k.hasVV)!.accountId,
      option: 'TRANSFER_PENSION_FUND',
      confirmed: 'true',
      signatureKind: 'TYPED',
      signatureName: 'Bernd Vorsorge',
    });
    expect(answer.json).toMatchObject({ ok: false, code: 'ERROR_INVALID_INPUT', fieldErrors: expect.arrayContaining([{ field: 'pkPartnerSeqId', code: 'REQUIRED' }]) });
    expect(await claimCount()).toBe(0);
  });

  it('answers 406 without a session', async () => {
    expect((await new PortalClient(suite.server.url).rest('webportal/verfuegungen')).status).toBe(406);
  });
});
