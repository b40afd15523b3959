import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documentFiles, documents, messages } from '../../db/schema';
import { graphql } from '../gql';
import type { PortalClient } from '../helpers/client';
import { jpegBytes, pdfBytes } from '../helpers/files';
import { euro, pdfText } from '../helpers/pdf';
import { CLAIM_CONFIRMATIONS as CONFIRMATIONS, RECEIVED_MESSAGES as INBOX } from '../helpers/inbox-operations';
import { loginAs } from '../helpers/scenarios';
import { uploadedId } from '../helpers/member-uploads';
import { useSeveranceRequestsServer } from '../helpers/severance-requests-server';
import { startTestServer } from '../helpers/test-server';
import { bankTransferPayout, PAYOUT_IBAN, SUBMIT_CLAIM as SUBMIT } from './claims-operations';

/**
 * A claim's PDF confirmation (decision 0015): sending a claim issues a CLAIM_CONFIRMATION document whose PDF is
 * archived at once (decision 0018) and delivers the same PDF as an unread message of the Vorsorgekasse to the inbox;
 * a refused claim issues nothing. The clock stands at TEST_TODAY 2026-11-22.
 */
const ACCOUNTS = graphql(`
  query ClaimConfirmationAccounts {
    me {
      claimableSeveranceAccounts {
        id
        accountNumber
        rightToDecide
      }
    }
  }
`);

const suite = useSeveranceRequestsServer(8);

const uploadId = (client: PortalClient, fileName: string, body: Buffer) => uploadedId(client, 'claim-document', fileName, body);

/** The first severance account `client` may decide on. */
async function decidingAccount(client: PortalClient) {
  return (await client.operation(ACCOUNTS)).body.data!.me!.claimableSeveranceAccounts.find((a) => a.rightToDecide)!;
}

/** The messages of `client`'s inbox (folder RECEIVED). */
async function inboxOf(client: PortalClient) {
  return (await client.operation(INBOX)).body.data!.me!.messages.nodes;
}

const rows = async (table: typeof documents | typeof messages | typeof documentFiles) => (await suite.server.db.select({ n: count() }).from(table))[0]!.n;

describe('claim confirmation (decision 0015)', () => {
  it('archives a PDF confirmation of a payout claim and delivers the same PDF to the inbox', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const account = await decidingAccount(bernd);
    const before = { documents: await rows(documents), files: await rows(documentFiles), messages: await rows(messages) };
    const { body } = await bernd.operation(SUBMIT, {
      input: {
        ...bankTransferPayout(account.id),
        signature: { kind: 'TYPED', name: 'Bernd Vorsorge' },
        identityDocumentIds: [await uploadId(bernd, 'reisepass.jpg', jpegBytes())],
        bankConfirmationIds: [await uploadId(bernd, 'bankbestaetigung.pdf', pdfBytes())],
      },
    });
    const claim = body.data!.submitSeveranceClaim.ok!.claim;
    // Issued and archived at once: one document, one archived file, one message.
    expect(await rows(documents)).toBe(before.documents + 1);
    expect(await rows(documentFiles)).toBe(before.files + 1);
    expect(await rows(messages)).toBe(before.messages + 1);

    const list = (await bernd.operation(CONFIRMATIONS)).body.data!.me!.documents;
    expect(list).toMatchObject({ totalCount: 1, unreadCount: 1 });
    expect(list.nodes[0]).toMatchObject({ title: 'Bestätigung Ihres Antrags auf Verfügung über die Abfertigung', documentDate: '2026-11-22' });
    const archived = Buffer.from(await (await bernd.fetch(`${list.nodes[0]!.downloadUrl}&lng=de`)).arrayBuffer());
    const text = await pdfText(archived);
    for (const expected of [
      account.accountNumber,
      'Auszahlung',
      PAYOUT_IBAN,
      '22.11.2026',
      '05.02.2027',
      euro(claim.entitlement!),
      euro(-claim.tax!),
      euro(claim.entitlement! - claim.tax!),
      'reisepass.jpg',
      'bankbestaetigung.pdf',
      'eingetippt: Bernd Vorsorge',
    ])
      expect(text).toContain(expected);
    expect(claim.dueDate).toBe('2027-02-05');
    // The deadline says how the date is computed (spec 001 section 4, § 16 BMSVG): received 22.11.2026 → 31.01.2027
    // → 5 Werktage (Monday to Friday without public holidays) → 05.02.2027.
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Die gesetzliche Frist (Ende des zweiten auf den Eingang folgenden Kalendermonats plus 5 Werktage, Montag bis Freitag ohne Feiertage; § 16 BMSVG) endet am 05.02.2027.',
    );

    const inbox = await inboxOf(bernd);
    const delivered = inbox.find((m) => m.subject === 'Ihr Antrag auf Verfügung über die Abfertigung ist eingelangt')!;
    expect(delivered).toMatchObject({ counterpart: 'SEVERANCE_FUND', origin: 'CORE_SYSTEM', unread: true });
    expect(delivered.attachments).toEqual([
      expect.objectContaining({ contentType: 'application/pdf', fileName: expect.stringMatching(/^Antragsbestaetigung_2026-11-22_\d+\.pdf$/) }),
    ]);
    const attached = Buffer.from(await (await bernd.fetch(`${delivered.attachments[0]!.downloadUrl}&lng=de`)).arrayBuffer());
    expect(attached.equals(archived)).toBe(true);
  });

  it('issues no confirmation for a refused claim', async () => {
    const bernd = await loginAs(suite.server, 'bernd');
    const account = await decidingAccount(bernd);
    const before = { documents: await rows(documents), messages: await rows(messages) };
    const { body } = await bernd.operation(SUBMIT, {
      input: { accountId: account.id, option: 'TRANSFER_VORSORGEKASSE', institutionName: 'Neue VK', confirmed: true, signature: { kind: 'TYPED', name: 'Bernd Vorsorge' } },
    });
    expect(body.data!.submitSeveranceClaim.error?.code).toBe('ERROR_INVALID_INPUT');
    expect(await rows(documents)).toBe(before.documents);
    expect(await rows(messages)).toBe(before.messages);
  });

  it('on the regional tenant (no documents archive) delivers the PDF to the inbox only', async () => {
    const regional = await startTestServer({ members: 5, env: { TENANT: 'regional' } });
    try {
      const bernd = await loginAs(regional, 'bernd');
      const account = await decidingAccount(bernd);
      const { body } = await bernd.operation(SUBMIT, {
        input: { accountId: account.id, option: 'KEEP', confirmed: true, signature: { kind: 'TYPED', name: 'Bernd Vorsorge' } },
      });
      expect(body.data!.submitSeveranceClaim.ok).not.toBeNull();
      expect((await regional.db.select({ n: count() }).from(documents).where(eq(documents.category, 'CLAIM_CONFIRMATION')))[0]!.n).toBe(0);
      const inbox = await inboxOf(bernd);
      const delivered = inbox.find((m) => m.subject === 'Ihr Antrag auf Verfügung über die Abfertigung ist eingelangt')!;
      const pdf = Buffer.from(await (await bernd.fetch(`${delivered.attachments[0]!.downloadUrl}&lng=de`)).arrayBuffer());
      const text = await pdfText(pdf);
      expect(text).toContain(account.accountNumber);
      expect(text).toContain('Ihre Abfertigung bleibt in der Vorsorgekasse veranlagt.');
    } finally {
      await regional.close();
    }
  });
});
