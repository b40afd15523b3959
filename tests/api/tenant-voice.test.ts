import { and, eq, exists, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentials, persons, vkAccounts } from '../../db/schema';
// The calculator's prefilled inputs as the web's page reads them (its PDF is what the member prints).
import { CalculatorPage_Query as CALCULATOR_DEFAULTS } from '../../web/src/features/calculator/api/get-pension-calculator';
import { graphql } from '../gql';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { pdfText } from '../helpers/pdf';
import { emailOf } from '../helpers/scenarios';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The regional tenant speaks as itself: its mails and PDFs (postal letters, the calculator print, a sent form) and
 * its seeded inboxes name the regional fund, never the main group, and never present the portal as a Pensionskasse
 * (spec 000 section 1). The screens are scanned by tests/e2e/tenant-voice.regional.spec.ts (public) and
 * tests/e2e/link-crawl.regional.spec.ts (behind the login).
 */

/**
 * The main group's names and web address (server/tenants.ts `TENANTS.main`). Case-sensitive and word-bounded: a
 * random first password such as `CF4KwXvbvT` contains the letters `vbv` and is not the group's name (`VBV-Gruppe`, `VBVVK`, `Mvbv`).
 */
const MAIN_GROUP = /\b(?:VBV|VBVVK|Mvbv)\b|vbv\.at/;
const REGIONAL_NAME = 'Niederösterreichische Vorsorgekasse';
/**
 * The portal or its documents presented as a Pensionskasse, which the regional tenant has none of (spec 000 section
 * 1). After an indefinite article the word names another institution (the claim's transfer "an eine Pensionskasse").
 */
const PENSION_FUND_VOICE = /(?<!\beiner? )Pensionskass/i;

let smtp: TestSmtp;
let server: TestServer;
let dir: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  dir = mkdtempSync(join(tmpdir(), 'tenant-voice-'));
  server = await startTestServer({
    members: 5,
    env: (url) => ({ TENANT: 'regional', SMTP_URL: smtp.url, PUBLIC_ORIGIN: url, LETTERS_DIR: join(dir, 'letters') }),
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

const FORM_INFO = graphql(`
  query TenantVoiceFormInfo {
    me {
      formInfo {
        bankDataFunds
      }
    }
  }
`);

const SUBMIT_FORM = graphql(`
  mutation TenantVoiceSubmitForm($input: SubmitFormInput!) {
    submitForm(input: $input) {
      ok {
        message {
          attachments {
            downloadUrl
          }
        }
      }
      error {
        code
      }
    }
  }
`);

const INBOX = graphql(`
  query TenantVoiceInbox($folder: MessageFolder!) {
    me {
      messages(folder: $folder, pageSize: 50) {
        nodes {
          counterpart
          subject
          body
        }
      }
    }
  }
`);

function expectOwnVoice(text: string, where: string): void {
  const hit = MAIN_GROUP.exec(text);
  expect(hit ? text.slice(Math.max(0, hit.index - 80), hit.index + 80) : null, `${where} names the main group`).toBeNull();
  const pensionFund = PENSION_FUND_VOICE.exec(text);
  expect(pensionFund ? text.slice(Math.max(0, pensionFund.index - 80), pensionFund.index + 80) : null, `${where} speaks as a Pensionskasse`).toBeNull();
}

async function personByEmail(email: string) {
  const [row] = await server.db.select({ svnr: persons.svnr, lastName: persons.lastName }).from(persons).where(eq(persons.email, email));
  return row!;
}

describe('regional tenant: mails and PDFs', () => {
  it('the password-lost mail comes from the regional fund and names it only', async () => {
    const bernd = await personByEmail(emailOf('bernd'));
    const res = await new PortalClient(server.url).rest('pwdLost', { svnr: bernd.svnr, email: emailOf('bernd'), lastName: bernd.lastName, termsAccepted: 'true' });
    expect(res.status).toBe(200);
    const mail = await smtp.waitForMail((m) => m.to.includes(emailOf('bernd')));
    expect(mail.parsed.from?.value[0]?.name).toContain(REGIONAL_NAME);
    expectOwnVoice([mail.parsed.from?.text ?? '', mail.subject, mail.text, mail.html].join('\n'), 'password-lost mail');
  });

  it('the postal letter with a first password carries the regional letterhead only', async () => {
    // A severance-fund member who never registered: the regional tenant writes to them.
    const [person] = await server.db
      .select({ svnr: persons.svnr, lastName: persons.lastName })
      .from(persons)
      .leftJoin(credentials, eq(credentials.personId, persons.id))
      .where(and(isNull(credentials.personId), isNull(persons.email), exists(server.db.select().from(vkAccounts).where(eq(vkAccounts.personId, persons.id)))))
      .limit(1);
    expect(person).toBeDefined();
    const res = await new PortalClient(server.url).rest('orderRegistrationCode', { svnr: person!.svnr, lastName: person!.lastName, kind: 'FIRST_PASSWORD' });
    expect(res.json).toMatchObject({ status: 'SUCCESSFUL' });
    const letters = join(dir, 'letters');
    // Letters are written as <yyyy-mm>/<kind>-<id>.pdf (server/platform/letters).
    const pdfs = () => (existsSync(letters) ? readdirSync(letters, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.pdf')) : []);
    await expect.poll(() => pdfs().length, { timeout: 10_000 }).toBe(1);
    const file = pdfs()[0]!;
    const text = await pdfText(new Uint8Array(readFileSync(join(letters, file))));
    expect(text).toContain(REGIONAL_NAME);
    expectOwnVoice(text, 'first-password letter');
  });

  it('the calculator print names the regional fund only', async () => {
    const bernd = new PortalClient(server.url);
    await bernd.rest('login', { user: emailOf('bernd'), password: DEMO_PASSWORD });
    const calc = await bernd.operation(CALCULATOR_DEFAULTS);
    expect(calc.body.errors).toBeUndefined();
    const res = await bernd.fetch('/webportal/calcprint', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(calc.body.data!.pensionCalculator.defaults),
    });
    expect(res.status).toBe(200);
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain(REGIONAL_NAME);
    // Letterhead and signature: the regional Vorsorgekasse, not "… · Pensionskasse" and "Ihre Pensionskasse".
    expect(text).toContain('Ihre Vorsorgekasse');
    expectOwnVoice(text, 'calculator print');
  });

  it('the bank-data form names the Vorsorgekasse only, and its PDF and the seeded inboxes speak as it', async () => {
    const bernd = new PortalClient(server.url);
    await bernd.rest('login', { user: emailOf('bernd'), password: DEMO_PASSWORD });
    const info = await bernd.operation(FORM_INFO);
    expect(info.body.data!.me!.formInfo.bankDataFunds).toEqual(['SEVERANCE_FUND']);
    /** bernd's bank-data form for `fund`, sent once (a fresh idempotency key). */
    const sendBankData = (fund: 'SEVERANCE_FUND' | 'PENSION_FUND') =>
      bernd.operation(SUBMIT_FORM, {
        input: {
          kind: 'BANK_DATA',
          idempotencyKey: randomUUID(),
          contactEmail: emailOf('bernd'),
          termsAccepted: true,
          currentPassword: DEMO_PASSWORD,
          bankData: { fund, accountHolder: 'Bernd Vorsorge', bankName: 'Erste Bank', iban: 'AT611904300234573201', bic: 'GIBAATWWXXX', validFrom: '2026-12-01' },
        },
      });
    const sent = await sendBankData('SEVERANCE_FUND');
    const attachment = sent.body.data!.submitForm.ok!.message.attachments[0]!;
    const pdf = await pdfText(new Uint8Array(await (await bernd.fetch(`${attachment.downloadUrl}&lng=de`)).arrayBuffer()));
    expect(pdf).toContain(REGIONAL_NAME);
    expectOwnVoice(pdf, 'bank-data PDF');
    // The Pensionskasse is no fund to name here.
    const refused = await sendBankData('PENSION_FUND');
    expect(refused.body.data!.submitForm.error?.code).toBe('NOT_AVAILABLE');

    // anna, a member of both funds elsewhere: her seeded inbox holds no Pensionskasse message here.
    const anna = new PortalClient(server.url);
    await anna.rest('login', { user: emailOf('anna'), password: DEMO_PASSWORD });
    for (const folder of ['RECEIVED', 'SENT'] as const) {
      const list = await anna.operation(INBOX, { folder });
      expect(list.body.errors).toBeUndefined();
      for (const m of list.body.data!.me!.messages.nodes) {
        expect(m.counterpart, m.subject).toBe('SEVERANCE_FUND');
        expectOwnVoice(`${m.subject}\n${m.body}`, `anna's message "${m.subject}"`);
      }
    }
  });
});
