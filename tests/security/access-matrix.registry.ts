import { DEMO_PASSWORD } from '../helpers/client';

/**
 * The id-taking doors of the portal, for the cross-member access matrix (tests/security/access-matrix.test.ts).
 *
 * Every GraphQL argument or input field of type ID (or named `id`, `…Id`, `stichtag`, `vrg`), every REST body key of
 * that kind, and every root operation or REST method that takes any argument is either a door here or on the
 * NO_OBJECT_ID list with the reason; the matrix's completeness check fails otherwise, so a new operation is flagged
 * until someone decides which it is.
 */

/** The objects one member owns, read from the test database (see `loadMember` in the test). */
export interface MemberObjects {
  personId: number;
  documentIds: number[];
  /** `documentDate` of each document, by id (for cursors). */
  documentDates: Map<number, string>;
  pensionStichtage: string[];
  severanceStichtage: string[];
  vrgs: number[];
  /** Ids of the member's Vorsorgekasse accounts (the claim's `accountId`). */
  severanceAccountIds: number[];
  /** Ids of the member's Pensionskasse contracts as a contributing member (own contributions' `contractId`). */
  pensionContractIds: number[];
  /** Ids of the member's own-contribution mandates (each member has a running monthly one, seeded by the test). */
  mandateIds: number[];
  duties: { id: number; customerDesignation: string; functionGroups: string[] }[];
  /** Ids of the member's uploads (server/domain/uploads; 32 hex characters). */
  uploadIds: string[];
  /** Ids of the member's messages (received and sent) and of their attachments. */
  messageIds: number[];
  attachmentIds: number[];
}

/** One request of a door, built from one probe value. */
export type DoorRequest =
  { kind: 'graphql'; query: string; variables: Record<string, unknown> } | { kind: 'rest'; method: string; json: Record<string, unknown> } | { kind: 'download'; path: string };

export interface Door {
  /** Readable name, e.g. `Mutation.markDocumentRead(id)`. */
  name: string;
  /**
   * Schema coordinates the door covers: `Type.field` and `Type.field(arg:)` for GraphQL, `InputType.field` for input
   * fields, `rest:method` and `rest:method.key` for REST, `download:id` for the download URL.
   */
  covers: string[];
  /** The probe values that name objects of `member` (ids, dates, VRG numbers). */
  idsOf(member: MemberObjects): string[];
  /** Values around a probe, for the sequential walk (neighbouring ids, dates one day or one year off, …). */
  walk(value: string): string[];
  /** A value that names no object of anyone. */
  missing: string;
  /** True when `value` names an object of `member` (then the answer is that member's own data). */
  ownedBy(member: MemberObjects, value: string): boolean;
  /**
   * `identical`: a foreign value must get the byte-identical answer of `missing`. `secretsOnly`: the value is a
   * position, not an object (a paging cursor), so only the absence of foreign data is checked.
   */
  compare: 'identical' | 'secretsOnly';
  /** The request for `value`; `asker` (when given) is the member who asks, for doors that also need the asker's own objects. */
  request(value: string, asker?: MemberObjects): DoorRequest;
  /** What the door answers without a session (README: REST and download 406, GraphQL `UNAUTHENTICATED`). */
  withoutSession: { status: number } | { code: 'UNAUTHENTICATED' };
}

/** Neighbours of a hex upload id: the last character changed. */
const hexWalk = (value: string) => ['0', '1', 'a', 'f'].map((c) => value.slice(0, -1) + c).filter((v) => v !== value);

const intWalk = (value: string) => {
  const n = Number(value);
  return [-3, -2, -1, 1, 2, 3].map((d) => String(n + d)).filter((v) => Number(v) > 0);
};

const dateWalk = (value: string) => {
  const d = new Date(`${value}T00:00:00Z`);
  const shift = (days: number, years = 0) => {
    const x = new Date(d);
    x.setUTCFullYear(x.getUTCFullYear() + years);
    x.setUTCDate(x.getUTCDate() + days);
    return x.toISOString().slice(0, 10);
  };
  return [shift(-1), shift(1), shift(0, -1), shift(0, 1), shift(0, -20)];
};

/** base64url of `d:<date>:<id>`, the documents cursor (server/domain/documents/documents.rules.ts). */
const cursor = (date: string, id: string) => Buffer.from(`d:${date}:${id}`).toString('base64url');

const MESSAGE_FIELDS = 'id folder counterpart subject body origin sentAt unread readAt attachments { id fileName contentType size downloadUrl }';
const DOCUMENT_FIELDS = 'id category fund title documentDate fileName contentType unread readAt downloadUrl';
const PENSION_STATEMENT_FIELDS =
  'stichtag reserve fluctuationReserve totalCapital employerContributions employeeContributions employerTransfers employeeTransfers premium108a investmentResult costs pensionPayments shortfall projectedYearlyPension document { id title }';
const SEVERANCE_STATEMENT_FIELDS =
  'stichtag totalEntitlement guaranteedCapital paidOutTotal contributions transfersIn administrationCosts svCarrierCosts investmentResult payout loyaltyBonus surplusShare document { id title }';

/** A vested-amount payout form with the step-up password; the probe fills in `idDocumentUploadId`. */
const FORM_PROBE = {
  kind: 'VESTED_AMOUNT',
  idempotencyKey: 'matrix-probe-form-0001',
  contactEmail: 'matrix@example.at',
  termsAccepted: true,
  currentPassword: DEMO_PASSWORD,
  vestedAmount: { option: 'PAYOUT', accountHolder: 'Matrix Probe', iban: 'AT611904300234573201', bic: 'BKAUATWW' },
};

/** The claim form's door: a KEEP claim naming an account (the answer for a foreign account equals an unknown one's). */
const claimDoor = (name: string, covers: string[], request: (accountId: string) => DoorRequest, withoutSession: Door['withoutSession']): Door => ({
  name,
  covers,
  idsOf: (m) => m.severanceAccountIds.map(String),
  walk: intWalk,
  missing: '987654321',
  ownedBy: (m, v) => m.severanceAccountIds.includes(Number(v)),
  compare: 'identical',
  request,
  withoutSession,
});

/**
 * An own-contribution door (issue 16): a probe that writes nothing for the owner either (a second monthly mandate is
 * refused with MONTHLY_EXISTS; a change to 9.99 EUR and a cancellation without end date are refused at the field), and
 * for a foreign or unknown id the same ERROR_NO_CONTRACT / ERROR_NOT_FOUND.
 */
const ownContributionDoor = (
  name: string,
  covers: string[],
  ids: (m: MemberObjects) => number[],
  request: (id: string) => DoorRequest,
  withoutSession: Door['withoutSession'],
): Door => ({
  name,
  covers,
  idsOf: (m) => ids(m).map(String),
  walk: intWalk,
  missing: '987654321',
  ownedBy: (m, v) => ids(m).includes(Number(v)),
  compare: 'identical',
  request,
  withoutSession,
});
const MANDATE_PROBE = { type: 'MONTHLY', iban: 'AT61 1904 3002 3457 3201', startDate: '2027-02-01', accountOwner: 'Matrix Probe', confirmed: true };
const OWN_ERROR = 'error { code message fieldErrors { field code message } }';

/**
 * The claim's document doors (`…DocumentIds`, upload ids of purpose `claim-document`): a KEEP claim on the asker's own
 * first Vorsorgekasse account carrying the probed upload id as its signature sample, the one document KEEP takes. A
 * foreign upload id must get the answer of a missing one (`ERROR_UPLOAD`, `UPLOAD_NOT_FOUND`); the asker's own uploads
 * are never sent (that would store a claim). Without an asker (schema validity) the account id is a missing one.
 */
const claimDocumentDoor = (name: string, covers: string[], request: (uploadId: string, accountId: string) => DoorRequest, withoutSession: Door['withoutSession']): Door => ({
  name,
  covers,
  idsOf: (m) => m.uploadIds,
  walk: hexWalk,
  missing: 'f'.repeat(32),
  ownedBy: (m, v) => m.uploadIds.includes(v),
  compare: 'identical',
  request: (uploadId, asker) => request(uploadId, String(asker?.severanceAccountIds[0] ?? 987654321)),
  withoutSession,
});

const CLAIM_DOCUMENT_FIELDS = ['identityDocumentIds', 'signatureSampleIds', 'bankConfirmationIds', 'institutionConfirmationIds'];

/**
 * The merge request's document doors (`idCopyIds`, `signedFormIds`; upload ids of purpose `merge-document`): a
 * request signed by hand carrying the probed id in both fields, with a well-formed SVNR that is nobody's here. The
 * uploads are checked first in the request's transaction, so a foreign id gets the answer of a missing one
 * (`ERROR_UPLOAD`, `UPLOAD_NOT_FOUND`) from every asker; the asker's own uploads (purpose `inbox-attachment`) get
 * `UPLOAD_WRONG_PURPOSE`, and every refusal rolls back, so nothing is stored.
 */
const MERGE_PROBE = {
  firstName: 'Matrix',
  lastName: 'Probe',
  svnr: '1237010180',
  email: 'matrix.probe@example.at',
  consent: true,
  termsAccepted: true,
  signatureType: 'HANDWRITTEN',
};
const mergeDocumentDoor = (name: string, covers: string[], request: (uploadId: string) => DoorRequest, withoutSession: Door['withoutSession']): Door => ({
  name,
  covers,
  idsOf: (m) => m.uploadIds,
  walk: hexWalk,
  missing: 'f'.repeat(32),
  ownedBy: (m, v) => m.uploadIds.includes(v),
  compare: 'identical',
  request: (uploadId) => request(uploadId),
  withoutSession,
});

export const MATRIX_DOORS: Door[] = [
  mergeDocumentDoor(
    'Mutation.requestMerge(input.idCopyIds, input.signedFormIds)',
    ['Mutation.requestMerge', 'RequestMergeInput.idCopyIds', 'RequestMergeInput.signedFormIds'],
    (uploadId) => ({
      kind: 'graphql',
      query: `mutation Matrix_Merge($input: RequestMergeInput!) { requestMerge(input: $input) { ok { request { id accountNumbers targetAccountNumber } } error { code message fieldErrors { field code message } } } }`,
      variables: { input: { ...MERGE_PROBE, idCopyIds: [uploadId], signedFormIds: [uploadId] } },
    }),
    { code: 'UNAUTHENTICATED' },
  ),
  mergeDocumentDoor(
    'rest/webportal/zusammenlegung (idCopyIds, signedFormIds)',
    ['rest:webportal/zusammenlegung', 'rest:webportal/zusammenlegung.idCopyIds', 'rest:webportal/zusammenlegung.signedFormIds'],
    (uploadId) => ({ kind: 'rest', method: 'webportal/zusammenlegung', json: { ...MERGE_PROBE, idCopyIds: [uploadId], signedFormIds: [uploadId] } }),
    { status: 406 },
  ),
  claimDocumentDoor(
    'Mutation.submitSeveranceClaim(input.…DocumentIds)',
    CLAIM_DOCUMENT_FIELDS.map((f) => `SubmitSeveranceClaimInput.${f}`),
    (uploadId, accountId) => ({
      kind: 'graphql',
      query: `mutation Matrix_ClaimDocument($input: SubmitSeveranceClaimInput!) { submitSeveranceClaim(input: $input) { ok { claim { id accountNumber } } error { code message fieldErrors { field code message } } } }`,
      variables: { input: { accountId, option: 'KEEP', confirmed: true, signature: { kind: 'TYPED', name: 'Matrix Probe' }, signatureSampleIds: [uploadId] } },
    }),
    { code: 'UNAUTHENTICATED' },
  ),
  claimDocumentDoor(
    'rest/webportal/verfuegungen (…DocumentIds)',
    CLAIM_DOCUMENT_FIELDS.map((f) => `rest:webportal/verfuegungen.${f}`),
    (uploadId, accountId) => ({
      kind: 'rest',
      method: 'webportal/verfuegungen',
      json: { accountId, option: 'KEEP', confirmed: true, signatureKind: 'TYPED', signatureName: 'Matrix Probe', signatureSampleIds: [uploadId] },
    }),
    { status: 406 },
  ),
  ownContributionDoor(
    'Mutation.createMandate(input.contractId)',
    ['Mutation.createMandate', 'CreateMandateInput.contractId'],
    (m) => m.pensionContractIds,
    (contractId) => ({
      kind: 'graphql',
      query: `mutation Matrix_CreateMandate($input: CreateMandateInput!) { createMandate(input: $input) { ok { mandate { id iban } } ${OWN_ERROR} } }`,
      variables: { input: { ...MANDATE_PROBE, contractId, amount: 5_000 } },
    }),
    { code: 'UNAUTHENTICATED' },
  ),
  ownContributionDoor(
    'Mutation.changeMandate(input.mandateId)',
    ['Mutation.changeMandate', 'ChangeMandateInput.mandateId'],
    (m) => m.mandateIds,
    (mandateId) => ({
      kind: 'graphql',
      query: `mutation Matrix_ChangeMandate($input: ChangeMandateInput!) { changeMandate(input: $input) { ok { mandate { id iban } } ${OWN_ERROR} } }`,
      variables: { input: { mandateId, amount: 999 } },
    }),
    { code: 'UNAUTHENTICATED' },
  ),
  ownContributionDoor(
    'Mutation.cancelMandate(input.mandateId)',
    ['Mutation.cancelMandate', 'CancelMandateInput.mandateId'],
    (m) => m.mandateIds,
    (mandateId) => ({
      kind: 'graphql',
      query: `mutation Matrix_CancelMandate($input: CancelMandateInput!) { cancelMandate(input: $input) { ok { mandate { id iban } } ${OWN_ERROR} } }`,
      variables: { input: { mandateId } },
    }),
    { code: 'UNAUTHENTICATED' },
  ),
  ownContributionDoor(
    'rest/webportal/eigenbeitraege/mandat (contractId)',
    ['rest:webportal/eigenbeitraege/mandat', 'rest:webportal/eigenbeitraege/mandat.contractId'],
    (m) => m.pensionContractIds,
    (contractId) => ({ kind: 'rest', method: 'webportal/eigenbeitraege/mandat', json: { ...MANDATE_PROBE, contractId, amount: 5_000 } }),
    { status: 406 },
  ),
  ownContributionDoor(
    'rest/webportal/eigenbeitraege/aendern (mandateId)',
    ['rest:webportal/eigenbeitraege/aendern', 'rest:webportal/eigenbeitraege/aendern.mandateId'],
    (m) => m.mandateIds,
    (mandateId) => ({ kind: 'rest', method: 'webportal/eigenbeitraege/aendern', json: { mandateId, amount: 999 } }),
    { status: 406 },
  ),
  ownContributionDoor(
    'rest/webportal/eigenbeitraege/kuendigen (mandateId)',
    ['rest:webportal/eigenbeitraege/kuendigen', 'rest:webportal/eigenbeitraege/kuendigen.mandateId'],
    (m) => m.mandateIds,
    (mandateId) => ({ kind: 'rest', method: 'webportal/eigenbeitraege/kuendigen', json: { mandateId } }),
    { status: 406 },
  ),
  claimDoor(
    'Mutation.submitSeveranceClaim(input.accountId)',
    ['Mutation.submitSeveranceClaim', 'SubmitSeveranceClaimInput.accountId'],
    (accountId) => ({
      kind: 'graphql',
      query: `mutation Matrix_Claim($input: SubmitSeveranceClaimInput!) { submitSeveranceClaim(input: $input) { ok { claim { id accountNumber dueDate entitlement } } error { code message fieldErrors { field code message } } } }`,
      variables: { input: { accountId, option: 'KEEP', confirmed: true, signature: { kind: 'TYPED', name: 'Matrix Probe' } } },
    }),
    { code: 'UNAUTHENTICATED' },
  ),
  claimDoor(
    'rest/webportal/verfuegungen (accountId)',
    ['rest:webportal/verfuegungen', 'rest:webportal/verfuegungen.accountId'],
    (accountId) => ({
      kind: 'rest',
      method: 'webportal/verfuegungen',
      json: { accountId, option: 'KEEP', confirmed: true, signatureKind: 'TYPED', signatureName: 'Matrix Probe' },
    }),
    { status: 406 },
  ),
  {
    name: 'Mutation.markDocumentRead(input.id)',
    covers: ['Mutation.markDocumentRead', 'MarkDocumentReadInput.id'],
    idsOf: (m) => m.documentIds.map(String),
    walk: intWalk,
    missing: '987654321',
    ownedBy: (m, v) => m.documentIds.includes(Number(v)),
    compare: 'identical',
    request: (id) => ({
      kind: 'graphql',
      query: `mutation Matrix_MarkRead($id: ID!) { markDocumentRead(input: { id: $id }) { ok { document { ${DOCUMENT_FIELDS} } documentCounts { category total unread } } error { code message fieldErrors { field code message } } } }`,
      variables: { id },
    }),
    withoutSession: { code: 'UNAUTHENTICATED' },
  },
  {
    name: 'GET /webportal/download?id=',
    covers: ['download:id'],
    idsOf: (m) => m.documentIds.map(String),
    walk: intWalk,
    missing: '987654321',
    ownedBy: (m, v) => m.documentIds.includes(Number(v)),
    compare: 'identical',
    request: (id) => ({ kind: 'download', path: `/webportal/download?id=${encodeURIComponent(id)}&lng=de` }),
    withoutSession: { status: 406 },
  },
  {
    name: 'Person.message(id)',
    covers: ['Person.message(id:)'],
    idsOf: (m) => m.messageIds.map(String),
    walk: intWalk,
    missing: '987654321',
    ownedBy: (m, v) => m.messageIds.includes(Number(v)),
    compare: 'identical',
    request: (id) => ({ kind: 'graphql', query: `query Matrix_Message($id: ID!) { me { message(id: $id) { ${MESSAGE_FIELDS} } } }`, variables: { id } }),
    withoutSession: { code: 'UNAUTHENTICATED' },
  },
  {
    name: 'Mutation.markMessageRead(input.id)',
    covers: ['Mutation.markMessageRead', 'MarkMessageReadInput.id'],
    idsOf: (m) => m.messageIds.map(String),
    walk: intWalk,
    missing: '987654321',
    ownedBy: (m, v) => m.messageIds.includes(Number(v)),
    compare: 'identical',
    request: (id) => ({
      kind: 'graphql',
      query: `mutation Matrix_MarkMessage($id: ID!) { markMessageRead(input: { id: $id }) { ok { unreadMessageCount message { ${MESSAGE_FIELDS} } } error { code message fieldErrors { field code message } } } }`,
      variables: { id },
    }),
    withoutSession: { code: 'UNAUTHENTICATED' },
  },
  {
    name: 'Mutation.sendMessage(input.attachmentIds)',
    covers: ['Mutation.sendMessage', 'SendMessageInput.attachmentIds'],
    idsOf: (m) => m.uploadIds,
    walk: hexWalk,
    missing: 'f'.repeat(32),
    // An own upload would be sent (a write); the matrix only asks with other members' and missing ids.
    ownedBy: (m, v) => m.uploadIds.includes(v),
    compare: 'identical',
    request: (id) => ({
      kind: 'graphql',
      query: `mutation Matrix_Send($ids: [ID!]) { sendMessage(input: { recipient: SEVERANCE_FUND, subject: "Matrix", body: "Matrix", attachmentIds: $ids }) { ok { message { id } } error { code message fieldErrors { field code message } } } }`,
      variables: { ids: [id] },
    }),
    withoutSession: { code: 'UNAUTHENTICATED' },
  },
  {
    name: 'Mutation.submitForm(input.vestedAmount.idDocumentUploadId)',
    covers: ['Mutation.submitForm', 'VestedAmountFormInput.idDocumentUploadId'],
    idsOf: (m) => m.uploadIds,
    walk: hexWalk,
    missing: 'f'.repeat(32),
    // A vested-amount payout with the step-up passed, so the upload id is what decides; an own upload would send the
    // form (a write), so the matrix asks only with other members' and missing ids.
    ownedBy: (m, v) => m.uploadIds.includes(v),
    compare: 'identical',
    request: (id) => ({
      kind: 'graphql',
      query: `mutation Matrix_Form($input: SubmitFormInput!) { submitForm(input: $input) { ok { kind message { id } } error { code message fieldErrors { field code message } } } }`,
      variables: { input: { ...FORM_PROBE, vestedAmount: { ...FORM_PROBE.vestedAmount, idDocumentUploadId: id } } },
    }),
    withoutSession: { code: 'UNAUTHENTICATED' },
  },
  {
    name: 'rest/webportal/form (vestedAmount.idDocumentUploadId)',
    covers: ['rest:webportal/form'],
    idsOf: (m) => m.uploadIds,
    walk: hexWalk,
    missing: 'f'.repeat(32),
    ownedBy: (m, v) => m.uploadIds.includes(v),
    compare: 'identical',
    request: (id) => ({ kind: 'rest', method: 'webportal/form', json: { ...FORM_PROBE, vestedAmount: { ...FORM_PROBE.vestedAmount, idDocumentUploadId: id } } }),
    withoutSession: { status: 406 },
  },
  {
    name: 'rest/getMessage (id)',
    covers: ['rest:getMessage', 'rest:getMessage.id'],
    idsOf: (m) => m.messageIds.map(String),
    walk: intWalk,
    missing: '987654321',
    ownedBy: (m, v) => m.messageIds.includes(Number(v)),
    compare: 'identical',
    request: (id) => ({ kind: 'rest', method: 'getMessage', json: { id } }),
    withoutSession: { status: 406 },
  },
  {
    name: 'rest/markMessageRead (id)',
    covers: ['rest:markMessageRead', 'rest:markMessageRead.id'],
    idsOf: (m) => m.messageIds.map(String),
    walk: intWalk,
    missing: '987654321',
    ownedBy: (m, v) => m.messageIds.includes(Number(v)),
    compare: 'identical',
    request: (id) => ({ kind: 'rest', method: 'markMessageRead', json: { id } }),
    withoutSession: { status: 406 },
  },
  {
    name: 'rest/sendMessage (attachmentIds)',
    covers: ['rest:sendMessage', 'rest:sendMessage.attachmentIds'],
    idsOf: (m) => m.uploadIds,
    walk: hexWalk,
    missing: 'f'.repeat(32),
    ownedBy: (m, v) => m.uploadIds.includes(v),
    compare: 'identical',
    request: (id) => ({ kind: 'rest', method: 'sendMessage', json: { recipient: 'SEVERANCE_FUND', subject: 'Matrix', body: 'Matrix', attachmentIds: [id] } }),
    withoutSession: { status: 406 },
  },
  {
    name: 'GET /webportal/download?attachment=',
    covers: ['download:attachment'],
    idsOf: (m) => m.attachmentIds.map(String),
    walk: intWalk,
    missing: '987654321',
    ownedBy: (m, v) => m.attachmentIds.includes(Number(v)),
    compare: 'identical',
    request: (id) => ({ kind: 'download', path: `/webportal/download?attachment=${encodeURIComponent(id)}&lng=de` }),
    withoutSession: { status: 406 },
  },
  {
    name: 'GET /webportal/download?upload=',
    covers: ['download:upload'],
    idsOf: (m) => m.uploadIds,
    walk: hexWalk,
    missing: 'f'.repeat(32),
    ownedBy: (m, v) => m.uploadIds.includes(v),
    compare: 'identical',
    request: (id) => ({ kind: 'download', path: `/webportal/download?upload=${encodeURIComponent(id)}&lng=de` }),
    withoutSession: { status: 406 },
  },
  {
    name: 'PensionContract.statement(stichtag)',
    covers: ['PensionContract.statement(stichtag:)'],
    idsOf: (m) => m.pensionStichtage,
    walk: dateWalk,
    missing: '1901-12-31',
    ownedBy: (m, v) => m.pensionStichtage.includes(v),
    compare: 'identical',
    request: (stichtag) => ({
      kind: 'graphql',
      query: `query Matrix_PkStatement($s: Date) { me { pensionContracts { id statement(stichtag: $s) { ${PENSION_STATEMENT_FIELDS} } } } }`,
      variables: { s: stichtag },
    }),
    withoutSession: { code: 'UNAUTHENTICATED' },
  },
  {
    name: 'SeveranceAccount.statement(stichtag)',
    covers: ['SeveranceAccount.statement(stichtag:)'],
    idsOf: (m) => m.severanceStichtage,
    walk: dateWalk,
    missing: '1901-12-31',
    ownedBy: (m, v) => m.severanceStichtage.includes(v),
    compare: 'identical',
    request: (stichtag) => ({
      kind: 'graphql',
      query: `query Matrix_VkStatement($s: Date) { me { severanceAccounts { id statement(stichtag: $s) { ${SEVERANCE_STATEMENT_FIELDS} } } } }`,
      variables: { s: stichtag },
    }),
    withoutSession: { code: 'UNAUTHENTICATED' },
  },
  {
    name: 'Query.vrgInvestment(vrg)',
    covers: ['Query.vrgInvestment', 'Query.vrgInvestment(vrg:)'],
    idsOf: (m) => m.vrgs.map(String),
    walk: (v) => intWalk(v).filter((x) => Number(x) < 100),
    missing: '99',
    ownedBy: (m, v) => m.vrgs.includes(Number(v)),
    compare: 'identical',
    request: (vrg) => ({
      kind: 'graphql',
      query: `query Matrix_Vrg($vrg: Int!) { vrgInvestment(vrg: $vrg) { vrg name equityTargetPercent performance { year returnPercent } reports { year title } } }`,
      variables: { vrg: Number(vrg) },
    }),
    withoutSession: { code: 'UNAUTHENTICATED' },
  },
  {
    name: 'Mutation.chooseMailbox(type: ASP, dutyId)',
    covers: ['Mutation.chooseMailbox', 'Mutation.chooseMailbox(dutyId:)'],
    idsOf: (m) => m.duties.map((d) => String(d.id)),
    walk: intWalk,
    missing: '987654321',
    ownedBy: (m, v) => m.duties.some((d) => d.id === Number(v)),
    compare: 'identical',
    request: (dutyId) => ({
      kind: 'graphql',
      query: `mutation Matrix_Mailbox($d: ID) { chooseMailbox(type: ASP, dutyId: $d) { ok { type dutyId } error { code fieldErrors { field code } } } }`,
      variables: { d: dutyId },
    }),
    withoutSession: { code: 'UNAUTHENTICATED' },
  },
  {
    name: 'rest/setSelectedAspDuty (id, kundenbezeichnung, funktionsgruppen)',
    covers: ['rest:setSelectedAspDuty', 'rest:setSelectedAspDuty.id'],
    // The probe is the JSON of a whole duty entry, as the legacy client sends it.
    idsOf: (m) => m.duties.map((d) => JSON.stringify({ id: d.id, kundenbezeichnung: d.customerDesignation, funktionsgruppen: d.functionGroups })),
    walk: (v) => {
      const entry = JSON.parse(v) as { id: number };
      return [-2, -1, 1, 2].map((d) => JSON.stringify({ ...entry, id: entry.id + d }));
    },
    missing: JSON.stringify({ id: 987654321, kundenbezeichnung: 'Niemand GmbH', funktionsgruppen: ['Keine'] }),
    ownedBy: (m, v) => {
      const e = JSON.parse(v) as { id: number; kundenbezeichnung: string; funktionsgruppen: string[] };
      return m.duties.some((d) => d.id === e.id && d.customerDesignation === e.kundenbezeichnung && JSON.stringify(d.functionGroups) === JSON.stringify(e.funktionsgruppen));
    },
    compare: 'identical',
    request: (entry) => ({ kind: 'rest', method: 'setSelectedAspDuty', json: JSON.parse(entry) as Record<string, unknown> }),
    withoutSession: { status: 406 },
  },
  {
    name: 'Person.documents(after: cursor)',
    covers: ['Person.documents(after:)'],
    idsOf: (m) => m.documentIds.map((id) => cursor(m.documentDates.get(id)!, String(id))),
    walk: (v) => {
      const [, date, id] = Buffer.from(v, 'base64url').toString('utf8').split(':');
      return intWalk(id!).map((x) => cursor(date!, x));
    },
    missing: cursor('1901-12-31', '987654321'),
    ownedBy: () => false,
    compare: 'secretsOnly',
    request: (after) => ({
      kind: 'graphql',
      query: `query Matrix_Docs($after: String) { me { documents(first: 5, after: $after) { totalCount unreadCount endCursor hasNextPage nodes { ${DOCUMENT_FIELDS} } } } }`,
      variables: { after },
    }),
    withoutSession: { code: 'UNAUTHENTICATED' },
  },
];

/**
 * Coordinates that the completeness check would flag but that name no object of a member (or root operations and
 * REST methods with arguments that take no object id at all), each with the reason. Entries of operations that no
 * longer exist are ignored.
 */
export const NO_OBJECT_ID: Record<string, string> = {
  // Public upload form (decision 0024): file ids are bearer ids of files uploaded with the same captcha; the service
  // admits only pending files bound to the submitted captcha's challenge (tests/api/upload-form.test.ts "foreign file ids").
  'Mutation.submitUploadForm': 'the sender’s own data and files, public; the files must be bound to the submitted captcha',
  'SubmitUploadFormInput.fileIds': 'ids of files uploaded with the same captcha; any other id is UPLOAD_ERROR',
  'rest:webportal/uploadForm': 'the sender’s own data and files, public; the files must be bound to the submitted captcha',
  // Public merge request (decision 0023 "Without a login"): the same captcha binding as the upload form; the ids are
  // bearer ids of files uploaded with that captcha (tests/api/public-merge.test.ts "refuses bad input", foreign file id).
  'Mutation.requestPublicMerge': 'the sender’s own merge request and files, public; the files must be bound to the submitted captcha',
  'RequestPublicMergeInput.idCopyIds': 'ids of files uploaded with the same captcha; any other id is ERROR_UPLOAD',
  'RequestPublicMergeInput.signedFormIds': 'ids of files uploaded with the same captcha; any other id is ERROR_UPLOAD',
  // Own contributions (issue 16): the § 108a application is the session person's own, once; the overview takes nothing.
  'Mutation.applyForPremium': 'the § 108a application of the session’s own person (address, birth date, signature)',
  'rest:webportal/eigenbeitraege/praemienantrag': 'the § 108a application of the session’s own person',
  'rest:webportal/eigenbeitraege': 'the overview of the session’s own person; no argument names an object',
  'rest:getMessages': "folder, page, page size and search of the session's own inbox; no object id",
  'Mutation.login': 'e-mail and password of the caller; login abuse is covered by tests/security/login-abuse.test.ts',
  'rest:login': 'e-mail and password of the caller (tests/security/login-abuse.test.ts)',
  'Mutation.activateAccount': 'the activation link token (spec 000 section 2), a bearer secret, not scoped to a session by design',
  'Mutation.activateAccount(registrationId:)': 'the activation link token, a 256-bit bearer secret, not a member object id',
  'rest:activateAccount': 'the activation link token (spec 000 section 2)',
  'rest:activateAccount.registrationId': 'the activation link token, a 256-bit bearer secret, not a member object id',
  'Mutation.acceptTerms': 'acts on the session’s own login flow; the argument is the status that asked',
  'rest:loginNutzungAkzeptiert': 'acts on the session’s own login flow; `cont` is the status that asked',
  'Mutation.setAnnualStatementDelivery': 'a yes/no of the session’s own person',
  'rest:setIbkPerPortal': 'a yes/no of the session’s own person',
  'Mutation.setNewsletterConsent': 'yes/no per fund of the session’s own person',
  'rest:setNewsletter': 'yes/no per fund of the session’s own person',
  'Mutation.setPrizeDraw': 'a yes/no of the session’s own person',
  'rest:setGewinnspielVk': 'a yes/no of the session’s own person',
  'Mutation.setBenefitStatementDelivery': 'a yes/no of the session’s own person',
  'rest:setLNDigital': 'a yes/no of the session’s own person',
  'Mutation.setAccountStatementByMail': 'yes/no of the session’s own person',
  'rest:setABPBPerMail': 'yes/no of the session’s own person',
  'rest:setPostfachtype': 'the mailbox type of the session; a duty is chosen with setSelectedAspDuty (a door)',
  'Mutation.log': 'client log lines, stored nowhere but the server log',
  // Severance claim (server/domain/claims/claims.rest.ts): the partner ids of spec 000's withdrawal step name the
  // receiving institution (an outside pension fund, provision fund or insurer), stored as given; no member object.
  'rest:webportal/verfuegungen.pkPartnerSeqId': 'the receiving pension fund of a transfer, an outside institution',
  'rest:webportal/verfuegungen.vkPartnerSeqId': 'the receiving provision fund of a transfer, an outside institution',
  'rest:webportal/verfuegungen.versPartnerSeqId': 'the receiving insurer of a transfer, an outside institution',
  'rest:log': 'client log lines, stored nowhere but the server log',
  // Profile (schema/profile.graphql): every mutation acts on the session's own person; no input names an object.
  'Mutation.requestEmailChange': 'new e-mail of the session’s own person',
  'rest:changeEmail': 'new e-mail of the session’s own person',
  'Mutation.confirmEmailChange': 'the confirmation token from the e-mail, a bearer secret bound to the person who asked',
  'Mutation.confirmEmailChange(token:)': 'bearer token from the e-mail, not a member object id',
  'rest:confirmEmailChange': 'the confirmation token from the e-mail, a bearer secret bound to the person who asked',
  'Mutation.changeAddress': 'new address of the session’s own person',
  'rest:changeAddress': 'new address of the session’s own person',
  'Mutation.changePhone': 'new phone number of the session’s own person',
  'Mutation.changeBankDetails': 'new bank details of the session’s own person',
  'rest:changeBankDetails': 'new bank details of the session’s own person',
  'Mutation.deleteAccess': 'the session’s own password and a confirmation',
  'rest:deleteAccess': 'the session’s own password and a confirmation',
  'rest:getChangeHistory': 'page size of the session’s own change history',
  // Registration and password (schema/registration.graphql): public flows that prove who the caller is (SVNR plus a
  // code or the last name, or a mailed token), or act on the session's own person. No argument names another member's
  // object; whether an answer tells registered from unknown SVNRs is the registration suite's concern.
  'Mutation.register': 'SVNR plus the registration code of the letter: identity proof of the caller, no session',
  'Mutation.checkRegistration': 'as register (its step-1 checks, storing nothing): SVNR plus code prove the caller',
  'Mutation.requestPasswordReset':
    'SVNR, e-mail and last name of the caller, no object id (the answers spec 001 section 8 names differ only once SVNR and last name match; see tests/api/password.test.ts)',
  'Mutation.resetPassword': 'the reset token from the e-mail, a bearer secret, and the new password',
  'Query.passwordResetLinkStatus': 'the reset token from the e-mail, a bearer secret',
  'Mutation.changeInsecurePassword': 'new password of the session’s own person',
  'Mutation.changePassword': 'current and new password of the session’s own person',
  'Mutation.orderRegistrationCode': 'SVNR and last name of the caller; the code goes by post to the stored address only',
  'Mutation.updateRegistrationEmail': 'new e-mail of the session’s own pending login',
  'rest:register': 'SVNR plus the registration code of the letter: identity proof of the caller, no session',
  'rest:pwdLost':
    'SVNR, e-mail and last name of the caller, no object id (the answers spec 001 section 8 names differ only once SVNR and last name match; see tests/api/password.test.ts)',
  'rest:checkPwdResetToken': 'the reset token from the e-mail, a bearer secret',
  'rest:pwdReset': 'the reset token from the e-mail, a bearer secret, and the new password',
  'rest:pwdChange': 'new password of the session’s own person (insecure-password change)',
  'rest:changePassword': 'current and new password of the session’s own person',
  'rest:orderRegistrationCode': 'SVNR and last name of the caller; the code goes by post to the stored address only',
  'rest:updateRegistration': 'new e-mail of the session’s own pending login',
  // Pension calculator (schema/calculator.graphql): the inputs are figures of a what-if calculation; the start capital,
  // contract and restriction come from the session's own person only (calculator.service.ts). webportal/calcprint
  // takes the same body (tests/api/calculator.test.ts).
  'Query.projectPension': 'what-if figures of the session’s own calculation; no input names an object',
  'Query.projectPension(input:)': 'what-if figures of the session’s own calculation; no input names an object',
  'rest:calculatePension': 'what-if figures of the session’s own calculation; no input names an object',
};
