import { ClaimPage_SubmitSeveranceClaimMutation as CLAIM } from '../../web/src/features/claims/api/submit-severance-claim';
import { MergePage_RequestMergeMutation as MERGE } from '../../web/src/features/merge/api/request-merge';
import { FormsPage_SubmitMutation as FORM } from '../../web/src/features/messages/api/forms';
import {
  CancelMandateMutation as CANCEL_MANDATE,
  ChangeMandateMutation as CHANGE_MANDATE,
  CreateMandateMutation as CREATE_MANDATE,
} from '../../web/src/features/own-contributions/api/own-contributions';
import { DEMO_PASSWORD } from '../helpers/client';
import { objectDoor, operationRequest, type Door, type DoorRequest, type MemberObjects } from './access-matrix.kit';

/**
 * The access matrix's doors of applications and forms (part of MATRIX_DOORS, tests/security/access-matrix.registry.ts):
 * merge requests, severance claims and their documents, own-contribution mandates, and the forms of the inbox. Each
 * probe is refused for the owner too (or writes nothing), so walking another member's ids stores nothing. Each probe
 * sends the web app's own mutation, so the doors are the ones the screens open.
 */

/** A vested-amount payout form with the step-up password; the probe fills in `idDocumentUploadId`. */
const FORM_PROBE = {
  kind: 'VESTED_AMOUNT',
  idempotencyKey: 'matrix-probe-form-0001',
  contactEmail: 'matrix@example.at',
  termsAccepted: true,
  currentPassword: DEMO_PASSWORD,
  vestedAmount: { option: 'PAYOUT', accountHolder: 'Matrix Probe', iban: 'AT611904300234573201', bic: 'BKAUATWW' },
} as const;
/** FORM_PROBE carrying `uploadId` as the identity document of the payout. */
const vestedAmountForm = (uploadId: string) => ({ ...FORM_PROBE, vestedAmount: { ...FORM_PROBE.vestedAmount, idDocumentUploadId: uploadId } });

/** The claim form's door: a KEEP claim naming an account (the answer for a foreign account equals an unknown one's). */
const claimDoor = (name: string, covers: string[], request: Door['request']): Door => objectDoor(name, covers, 'int', (m) => m.severanceAccountIds, request);

/**
 * An own-contribution door (decision 0016): a probe that writes nothing for the owner either (a second monthly mandate is
 * refused with MONTHLY_EXISTS; a change to 9.99 EUR and a cancellation without end date are refused at the field), and
 * for a foreign or unknown id the same ERROR_NO_CONTRACT / ERROR_NOT_FOUND.
 */
const ownContributionDoor = (name: string, covers: string[], ids: (m: MemberObjects) => number[], request: Door['request']): Door => objectDoor(name, covers, 'int', ids, request);
const MANDATE_PROBE = { type: 'MONTHLY', iban: 'AT61 1904 3002 3457 3201', startDate: '2027-02-01', accountOwner: 'Matrix Probe', confirmed: true } as const;

/**
 * The claim's document doors (`…DocumentIds`, upload ids of purpose `claim-document`): a KEEP claim on the asker's own
 * first Vorsorgekasse account carrying the probed upload id as its signature sample, the one document KEEP takes. A
 * foreign upload id must get the answer of a missing one (`ERROR_UPLOAD`, `UPLOAD_NOT_FOUND`); the asker's own uploads
 * are never sent (that would store a claim). Without an asker (schema validity) the account id is a missing one.
 */
const claimDocumentDoor = (name: string, covers: string[], request: (uploadId: string, accountId: string) => DoorRequest): Door =>
  objectDoor(
    name,
    covers,
    'hex',
    (m) => m.uploadIds,
    (uploadId, asker) => request(uploadId, String(asker?.severanceAccountIds[0] ?? 987654321)),
  );

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
} as const;
const mergeDocumentDoor = (name: string, covers: string[], request: (uploadId: string) => DoorRequest): Door => objectDoor(name, covers, 'hex', (m) => m.uploadIds, request);

/** Doors of merge requests, claims, own contributions and forms, GraphQL and REST. */
export const APPLICATION_DOORS: Door[] = [
  mergeDocumentDoor(
    'Mutation.requestMerge(input.idCopyIds, input.signedFormIds)',
    ['Mutation.requestMerge', 'RequestMergeInput.idCopyIds', 'RequestMergeInput.signedFormIds'],
    (uploadId) => operationRequest(MERGE, { input: { ...MERGE_PROBE, idCopyIds: [uploadId], signedFormIds: [uploadId] } }),
  ),
  mergeDocumentDoor(
    'rest/webportal/zusammenlegung (idCopyIds, signedFormIds)',
    ['rest:webportal/zusammenlegung', 'rest:webportal/zusammenlegung.idCopyIds', 'rest:webportal/zusammenlegung.signedFormIds'],
    (uploadId) => ({ kind: 'rest', method: 'webportal/zusammenlegung', json: { ...MERGE_PROBE, idCopyIds: [uploadId], signedFormIds: [uploadId] } }),
  ),
  claimDocumentDoor(
    'Mutation.submitSeveranceClaim(input.…DocumentIds)',
    CLAIM_DOCUMENT_FIELDS.map((f) => `SubmitSeveranceClaimInput.${f}`),
    (uploadId, accountId) =>
      operationRequest(CLAIM, {
        input: { accountId, option: 'KEEP', confirmed: true, signature: { kind: 'TYPED', name: 'Matrix Probe' }, signatureSampleIds: [uploadId] },
      }),
  ),
  claimDocumentDoor(
    'rest/webportal/verfuegungen (…DocumentIds)',
    CLAIM_DOCUMENT_FIELDS.map((f) => `rest:webportal/verfuegungen.${f}`),
    (uploadId, accountId) => ({
      kind: 'rest',
      method: 'webportal/verfuegungen',
      json: { accountId, option: 'KEEP', confirmed: true, signatureKind: 'TYPED', signatureName: 'Matrix Probe', signatureSampleIds: [uploadId] },
    }),
  ),
  ownContributionDoor(
    'Mutation.createMandate(input.contractId)',
    ['Mutation.createMandate', 'CreateMandateInput.contractId'],
    (m) => m.pensionContractIds,
    (contractId) => operationRequest(CREATE_MANDATE, { input: { ...MANDATE_PROBE, contractId, amount: 5_000 } }),
  ),
  ownContributionDoor(
    'Mutation.changeMandate(input.mandateId)',
    ['Mutation.changeMandate', 'ChangeMandateInput.mandateId'],
    (m) => m.mandateIds,
    (mandateId) => operationRequest(CHANGE_MANDATE, { input: { mandateId, amount: 999 } }),
  ),
  ownContributionDoor(
    'Mutation.cancelMandate(input.mandateId)',
    ['Mutation.cancelMandate', 'CancelMandateInput.mandateId'],
    (m) => m.mandateIds,
    (mandateId) => operationRequest(CANCEL_MANDATE, { input: { mandateId } }),
  ),
  ownContributionDoor(
    'rest/webportal/eigenbeitraege/mandat (contractId)',
    ['rest:webportal/eigenbeitraege/mandat', 'rest:webportal/eigenbeitraege/mandat.contractId'],
    (m) => m.pensionContractIds,
    (contractId) => ({ kind: 'rest', method: 'webportal/eigenbeitraege/mandat', json: { ...MANDATE_PROBE, contractId, amount: 5_000 } }),
  ),
  ownContributionDoor(
    'rest/webportal/eigenbeitraege/aendern (mandateId)',
    ['rest:webportal/eigenbeitraege/aendern', 'rest:webportal/eigenbeitraege/aendern.mandateId'],
    (m) => m.mandateIds,
    (mandateId) => ({ kind: 'rest', method: 'webportal/eigenbeitraege/aendern', json: { mandateId, amount: 999 } }),
  ),
  ownContributionDoor(
    'rest/webportal/eigenbeitraege/kuendigen (mandateId)',
    ['rest:webportal/eigenbeitraege/kuendigen', 'rest:webportal/eigenbeitraege/kuendigen.mandateId'],
    (m) => m.mandateIds,
    (mandateId) => ({ kind: 'rest', method: 'webportal/eigenbeitraege/kuendigen', json: { mandateId } }),
  ),
  claimDoor('Mutation.submitSeveranceClaim(input.accountId)', ['Mutation.submitSeveranceClaim', 'SubmitSeveranceClaimInput.accountId'], (accountId) =>
    operationRequest(CLAIM, { input: { accountId, option: 'KEEP', confirmed: true, signature: { kind: 'TYPED', name: 'Matrix Probe' } } }),
  ),
  claimDoor('rest/webportal/verfuegungen (accountId)', ['rest:webportal/verfuegungen', 'rest:webportal/verfuegungen.accountId'], (accountId) => ({
    kind: 'rest',
    method: 'webportal/verfuegungen',
    json: { accountId, option: 'KEEP', confirmed: true, signatureKind: 'TYPED', signatureName: 'Matrix Probe' },
  })),
  // A vested-amount payout with the step-up passed, so the upload id is what decides; an own upload would send the
  // form (a write), so the matrix asks only with other members' and missing ids.
  objectDoor(
    'Mutation.submitForm(input.vestedAmount.idDocumentUploadId)',
    ['Mutation.submitForm', 'VestedAmountFormInput.idDocumentUploadId'],
    'hex',
    (m) => m.uploadIds,
    (id) => operationRequest(FORM, { input: vestedAmountForm(id) }),
  ),
  objectDoor(
    'rest/webportal/form (vestedAmount.idDocumentUploadId)',
    ['rest:webportal/form'],
    'hex',
    (m) => m.uploadIds,
    (id) => ({
      kind: 'rest',
      method: 'webportal/form',
      json: vestedAmountForm(id),
    }),
  ),
];
