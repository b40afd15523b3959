import type { Door } from './access-matrix.kit';

/**
 * The door files of the areas (`access-matrix.doors-<area>.ts`), found by name: a new area's file joins the matrix by
 * existing. Each exports its doors as `<AREA>_DOORS` and may export `<AREA>_NO_OBJECT_ID` (coordinates that name no
 * object, with the reason).
 */
const DOOR_FILES = import.meta.glob<Record<string, unknown>>('./access-matrix.doors-*.ts', { eager: true });
const exportsEndingIn = <T>(suffix: string): T[] =>
  Object.keys(DOOR_FILES)
    .sort()
    .flatMap((file) => Object.entries(DOOR_FILES[file]!).filter(([name]) => name.endsWith(suffix)))
    .map(([, value]) => value as T);

/**
 * The id-taking doors of the portal, for the cross-member access matrix (tests/security/access-matrix.test.ts).
 *
 * Every GraphQL argument or input field of type ID (or named `id`, `…Id`, `stichtag`, `vrg`), every REST body key of
 * that kind, and every root operation or REST method that takes any argument is either a door here or on the
 * NO_OBJECT_ID list with the reason; the matrix's completeness check fails otherwise, so a new operation is flagged
 * until someone decides which it is. The doors are kept by area in the files `access-matrix.doors-<area>.ts`, all
 * found by name (DOOR_FILES); their parts in access-matrix.kit.ts.
 */
export const MATRIX_DOORS: Door[] = exportsEndingIn<Door[]>('_DOORS').flat();

/**
 * Coordinates that the completeness check would flag but that name no object of a member (or root operations and
 * REST methods with arguments that take no object id at all), each with the reason. Entries of operations that no
 * longer exist are ignored.
 */
export const NO_OBJECT_ID: Record<string, string> = {
  // Data archive (decision 0052): the request names no archive; the unlock and the download are doors
  // (access-matrix.doors-data-export.ts).
  'Mutation.requestDataExport': 'the session’s own password; asks for an archive of the session’s own person',
  ...Object.assign({}, ...exportsEndingIn<Record<string, string>>('_NO_OBJECT_ID')),
  // Public upload form (decision 0024): file ids are bearer ids of files uploaded with the same captcha; the service
  // admits only pending files bound to the submitted captcha's challenge (tests/api/public-uploads.test.ts "foreign file ids").
  'Mutation.submitUploadForm': 'the sender’s own data and files, public; the files must be bound to the submitted captcha',
  'SubmitUploadFormInput.fileIds': 'ids of files uploaded with the same captcha; any other id is UPLOAD_ERROR',
  'rest:webportal/uploadForm': 'the sender’s own data and files, public; the files must be bound to the submitted captcha',
  // Public merge request (decision 0023 "Without a login"): the same captcha binding as the upload form; the ids are
  // bearer ids of files uploaded with that captcha (tests/api/public-merge.test.ts "refuses bad input", foreign file id).
  'Mutation.requestPublicMerge': 'the sender’s own merge request and files, public; the files must be bound to the submitted captcha',
  'RequestPublicMergeInput.idCopyIds': 'ids of files uploaded with the same captcha; any other id is ERROR_UPLOAD',
  'RequestPublicMergeInput.signedFormIds': 'ids of files uploaded with the same captcha; any other id is ERROR_UPLOAD',
  // Own contributions (decision 0016): the § 108a application is the session person's own, once; the overview takes nothing.
  'Mutation.applyForPremium': 'the § 108a application of the session’s own person (address, birth date, signature)',
  'rest:webportal/eigenbeitraege/praemienantrag': 'the § 108a application of the session’s own person',
  'rest:webportal/eigenbeitraege': 'the overview of the session’s own person; no argument names an object',
  'rest:getMessages': "folder, page, page size and search of the session's own inbox; no object id",
  // Account information over REST (spec 000 section 7): the fund and a date of the session's own contracts only;
  // nothing names a contract or an account (tests/api/rest/kontoinformation.test.ts).
  'rest:webportal/kontoinformation': 'PK or VK and a Stichtag of the session’s own contracts and accounts; no object id',
  'rest:webportal/kontoinformation.stichtag': 'a date applied to the session’s own contracts only, not an object id',
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
  // Severance claim (server/modules/claims/claims.rest.ts): the partner ids of spec 000's withdrawal step name the
  // receiving institution (an outside pension fund, provision fund or insurer), stored as given; no member object.
  'rest:webportal/verfuegungen.pkPartnerSeqId': 'the receiving pension fund of a transfer, an outside institution',
  'rest:webportal/verfuegungen.vkPartnerSeqId': 'the receiving provision fund of a transfer, an outside institution',
  'rest:webportal/verfuegungen.versPartnerSeqId': 'the receiving insurer of a transfer, an outside institution',
  'rest:log': 'client log lines, stored nowhere but the server log',
  // Profile (server/modules/profile/profile.graphql): every mutation acts on the session's own person; no input names an object.
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
  // Registration and password (server/modules/registration/registration.graphql): public flows that prove who the caller is (SVNR plus a
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
  // Pension calculator (server/modules/calculator/calculator.graphql): the inputs are figures of a what-if calculation; the start capital,
  // contract and restriction come from the session's own person only (calculator.service.ts). webportal/calcprint
  // takes the same body (tests/api/calculator.test.ts).
  'Query.projectPension': 'what-if figures of the session’s own calculation; no input names an object',
  'Query.projectPension(input:)': 'what-if figures of the session’s own calculation; no input names an object',
  'rest:calculatePension': 'what-if figures of the session’s own calculation; no input names an object',
};
