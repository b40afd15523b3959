import { fundCommandJson } from './helpers/fund-command';
import type { Page } from '@playwright/test';
import { expect, test, viennaDate } from './helpers/portal-clock';
import { expectedDate } from './helpers/expected-format';
import { logIn, personas } from './helpers/login';
import { insertClaim, removeClaim, removeSeveranceFundMessagesOf } from './helpers/member-db';

/**
 * The fund moves a claim through /fund/graphql (decision 0056) and the member sees each status on the dashboard
 * (spec 001 section 4): a fund client is created in the test server's database with the operator command, takes a
 * token at /oauth/token, and sets every status of bernd's claim in turn (a second client approves the payout: four eyes,
 * decision 0070); the member answers INFORMATION_NEEDED from
 * the inbox (a message to the Vorsorgekasse), which moves the claim back to CHECKING by itself.
 */

/** A bearer token of a new fund client with claims:read claims:write (`npm run fund -- client create` on the e2e database). */
async function fundToken(page: Page): Promise<string> {
  const { clientId, clientSecret } = fundCommandJson<{ clientId: string; clientSecret: string }>([
    'client',
    'create',
    '--name',
    `E2E ${Date.now()}`,
    '--scopes',
    'claims:read claims:write',
  ]);
  const res = await page.request.post('/oauth/token', {
    headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
    form: { grant_type: 'client_credentials' },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

test('each status the fund sets through /fund/graphql shows on the member dashboard in German', async ({ page }) => {
  const email = personas.bernd.email;
  const claim = insertClaim(email, { option: 'PAYOUT', status: 'NEW' });
  try {
    // The payout is approved by a second client of the core system, not the one that set CHECKED (decision 0070).
    const token = await fundToken(page);
    const approval = await fundToken(page);
    const setStatus = async (input: Record<string, unknown>) => {
      const res = await page.request.post('/fund/graphql', {
        headers: { Authorization: `Bearer ${input.status === 'PRE_TRANSFER' ? approval : token}`, 'Content-Type': 'application/json' },
        data: {
          query: 'mutation($input: SetClaimStatusInput!) { setClaimStatus(input: $input) { ok { claim { status } } error { code message } } }',
          variables: { input: { claimId: String(claim.id), ...input } },
        },
      });
      const body = (await res.json()) as { data: { setClaimStatus: { ok: { claim: { status: string } } | null; error: { code: string } | null } } };
      expect(body.data.setClaimStatus.error).toBeNull();
      expect(body.data.setClaimStatus.ok?.claim.status).toBe(input.status);
    };

    await logIn(page, email);
    const teaser = page.getByRole('region', { name: 'Ihr Antrag bei der Vorsorgekasse' });
    await expect(teaser).toContainText('Status: Neu');

    const definiteDate = viennaDate(14);
    const steps: [Record<string, unknown>, string, string | null][] = [
      [{ status: 'CHECKING' }, 'In Prüfung', 'Ihr Antrag wird geprüft.'],
      [
        { status: 'INFORMATION_NEEDED', messageToMember: 'Bitte senden Sie uns eine Kopie Ihres Lichtbildausweises.' },
        'Unterlagen fehlen',
        'Für Ihren Antrag fehlen noch Unterlagen.',
      ],
      [{ status: 'CHECKING' }, 'In Prüfung', 'Ihr Antrag wird geprüft.'],
      [{ status: 'CHECKED', definiteDate }, 'Geprüft', `Ihre Abfertigung wird am ${expectedDate(definiteDate)} ausbezahlt.`],
      [{ status: 'PRE_TRANSFER' }, 'Zahlung vorgemerkt', `Ihre Abfertigung wird am ${expectedDate(definiteDate)} ausbezahlt.`],
      [{ status: 'POST_TRANSFER' }, 'Erledigt', `Ihre Abfertigung wurde am ${expectedDate(definiteDate)} ausbezahlt.`],
    ];
    let answered = false;
    for (const [input, label, text] of steps) {
      if (input.status === 'CHECKING' && !answered && (await teaser.textContent())?.includes('Unterlagen fehlen')) {
        // The member answers from the inbox: a message to the Vorsorgekasse, as the web app sends it.
        const sent = await page.evaluate(async () => {
          const res = await fetch('/graphql', {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json', 'x-application-version': 'Portal' },
            body: JSON.stringify({
              query: 'mutation($input: SendMessageInput!) { sendMessage(input: $input) { ok { message { id } } error { code } } }',
              variables: { input: { recipient: 'SEVERANCE_FUND', subject: 'Lichtbildausweis', body: 'Anbei die Kopie.', attachmentIds: [] } },
            }),
          });
          return ((await res.json()) as { data: { sendMessage: { error: unknown } } }).data.sendMessage.error;
        });
        expect(sent).toBeNull();
        answered = true;
        // The answer itself moves the claim back to CHECKING (decision 0056): no step of the fund.
      } else {
        await setStatus(input);
      }
      await page.reload();
      await expect(teaser, String(input.status)).toContainText(`Status: ${label}`);
      if (text) await expect(teaser, String(input.status)).toContainText(text);
    }
  } finally {
    removeClaim(claim.id);
    removeSeveranceFundMessagesOf(email);
  }
});
