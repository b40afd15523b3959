import { and, eq, exists, isNull } from 'drizzle-orm';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentials, persons, vkAccounts } from '../../db/schema';
import { graphql } from '../gql';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { pdfText } from '../helpers/pdf';
import { emailOf } from '../helpers/scenarios';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The regional tenant speaks as itself (issue 19 item 8): its mails and PDFs (postal letters, the calculator print)
 * name the regional fund and never the main group. The screens are scanned by
 * tests/e2e/tenant-voice.regional.spec.ts.
 */

/**
 * The main group's names and web address (server/tenants.ts `TENANTS.main`). Case-sensitive and word-bounded: a
 * random first password such as `CF4KwXvbvT` contains the letters `vbv` and is not the group's name (`VBV-Gruppe`, `VBVVK`, `Mvbv`).
 */
const MAIN_GROUP = /\b(?:VBV|VBVVK|Mvbv)\b|vbv\.at/;
const REGIONAL_NAME = 'Niederösterreichische Vorsorgekasse';

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

const CALCULATOR_DEFAULTS = graphql(`
  query TenantVoiceCalculatorDefaults {
    pensionCalculator {
      defaults {
        birthDate
        retirementDate
        employerAnnualContribution
        employerPaymentEnd
        employerGrowthRate
        ownAnnualContribution
        ownContributionStart
        ownContributionEnd
        ownGrowthRate
        transferAmount
        transferDate
        expectedReturn
        severanceActive
        severanceCapital
        severanceContributing
        otherFundsCapital
        otherFundsAnnualContribution
        yearlyGrossIncome
        incomeGrowthRate
        statePensionStart
        accountCredit
        otherYearlyIncome
      }
    }
  }
`);

function expectOwnVoice(text: string, where: string): void {
  const hit = MAIN_GROUP.exec(text);
  expect(hit ? text.slice(Math.max(0, hit.index - 80), hit.index + 80) : null, `${where} names the main group`).toBeNull();
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
    // Letters are written as <yyyy-mm>/<kind>-<id>.pdf (server/domain/letters).
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
    expectOwnVoice(text, 'calculator print');
  });
});
