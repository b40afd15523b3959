import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { print } from 'graphql';
import type { ChangeAddressInput, ChangeBankDetailsInput, RequestEmailChangeInput } from '../gql/graphql';
import { DEMO_PASSWORD, PortalClient, type GraphQLAnswer } from '../helpers/client';
import { emailOf, startLoginAs } from '../helpers/scenarios';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { sqlAll, sqlOne } from '../helpers/raw-sql';
import { startTestServer, TEST_TODAY, type TestServer } from '../helpers/test-server';
import { CHANGE_ADDRESS, CHANGE_BANK, CONFIRM_EMAIL, DELETE_ACCESS, REQUEST_EMAIL } from './profile-operations';

/**
 * Bad input for the profile changes (spec 001 section 2 "Profile"): every field empty, too long, in a wrong format, in a wrong country
 * combination, with script-injection strings and with mixed-up Unicode. Each must answer a field error code through
 * GraphQL and REST alike, store nothing and leave `profile_changes` unchanged. Changes without a session, from a
 * login still pending, or naming another member's id change nothing.
 */

/** The REST answer of a profile change (the spec's legacy shape). */
type Payload = { ok: boolean; code: string | null; fieldErrors: { field: string; code: string; message?: string }[] };
/** What the refusal checks read of any of the mutations above (decision 0012): `ok`, or `error` with its field errors. */
type Refusal = { ok?: unknown; error?: { code: string; message: string; fieldErrors: { field: string; code: string; message: string }[] } | null };

let server: TestServer;
let smtp: TestSmtp;
let anna: PortalClient;
beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
  const login = await startLoginAs(server, 'anna');
  anna = login.client;
  expect(login.answer.ok?.status).toBe('SUCCESSFUL');
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});
beforeEach(() => smtp.clear());

/** Everything a profile change could write: the person rows, bank accounts, tokens, change log, credentials, sessions. */
async function snapshot(): Promise<string> {
  const q = (s: string) => sqlAll(server.db, s);
  return JSON.stringify({
    persons: await q('SELECT id, email, street, postcode, city, country, po_box, address_valid_from, newsletter_pk, newsletter_vk FROM persons ORDER BY id'),
    bank: await q('SELECT * FROM bank_accounts ORDER BY id'),
    tokens: await q('SELECT token_hash, used_at FROM person_tokens ORDER BY token_hash'),
    changes: await q('SELECT count(*) AS n FROM profile_changes'),
    credentials: await q('SELECT person_id, access_status FROM credentials ORDER BY person_id'),
    ended: await q('SELECT count(*) AS n FROM sessions WHERE ended_at IS NOT NULL'),
  });
}

/** Hostile strings for text fields, each refused as INVALID_CHARACTERS. */
const HOSTILE: [string, string][] = [
  ['a script tag', '<script>alert(1)</script>'],
  ['an attribute break-out', '"><img src=x onerror=alert(1)>'],
  ['a bidi override', 'Haupt\u202Estraße 1'],
  ['a bidi isolate', 'Haupt\u2066straße 1'],
  ['a NUL', 'Haupt\u0000straße 1'],
  ['a lone surrogate', 'Haupt\uD800straße 1'],
  ['a zero-width space', 'Haupt\u200Bstraße 1'],
  ['a byte-order mark', '\uFEFFHauptstraße 1'],
  ['a line break', 'Hauptstraße\n1'],
  ['SQL', "x'); DROP TABLE persons; --"],
];

const ADDRESS = { street: 'Hauptstraße 1', postcode: '1010', city: 'Wien', country: 'AT', poBox: null as string | null, validFrom: TEST_TODAY };
const BANK = {
  accountHolder: 'Anna Muster',
  bankName: 'Erste Bank',
  iban: 'AT61 1904 3002 3457 3201',
  bic: null as string | null,
  validFrom: null as string | null,
  currentPassword: DEMO_PASSWORD,
};

/**
 * One bad input: label, the whole input, the field and the code expected. `dateScalar`: GraphQL's `Date` scalar
 * already refuses the malformed date as a variable error (nothing runs); REST answers the field error.
 */
type Case<Input> = [label: string, input: Input, field: string, code: string, dateScalar?: boolean];

const addressCases: Case<ChangeAddressInput>[] = [
  ...(['street', 'city', 'postcode', 'country'] as const).flatMap((f): Case<ChangeAddressInput>[] => [
    [`${f} empty`, { ...ADDRESS, [f]: '' }, f, 'REQUIRED'],
    [`${f} blank`, { ...ADDRESS, [f]: '   ' }, f, 'REQUIRED'],
  ]),
  ['street too long', { ...ADDRESS, street: 'a'.repeat(101) }, 'street', 'TOO_LONG'],
  ['city too long', { ...ADDRESS, city: 'W'.repeat(61) }, 'city', 'TOO_LONG'],
  ['poBox too long', { ...ADDRESS, poBox: '1'.repeat(21) }, 'poBox', 'TOO_LONG'],
  ['postcode too long', { ...ADDRESS, postcode: '1'.repeat(13) }, 'postcode', 'TOO_LONG'],
  ['country too long', { ...ADDRESS, country: 'Ö'.repeat(61) }, 'country', 'TOO_LONG'],
  ['validFrom empty', { ...ADDRESS, validFrom: '' }, 'validFrom', 'REQUIRED', true],
  ['validFrom impossible day', { ...ADDRESS, validFrom: '2026-02-30' }, 'validFrom', 'INVALID', true],
  ['validFrom German format', { ...ADDRESS, validFrom: '22.11.2026' }, 'validFrom', 'INVALID', true],
  ['validFrom in the future', { ...ADDRESS, validFrom: '2026-12-24' }, 'validFrom', 'DATE_OUT_OF_RANGE'],
  ['validFrom two years back', { ...ADDRESS, validFrom: '2024-11-01' }, 'validFrom', 'DATE_OUT_OF_RANGE'],
  ['unknown country', { ...ADDRESS, country: 'Mars' }, 'country', 'COUNTRY_UNKNOWN'],
  ['unknown country code', { ...ADDRESS, country: 'XX' }, 'country', 'COUNTRY_UNKNOWN'],
  ['Austrian postcode with five digits', { ...ADDRESS, postcode: '10115' }, 'postcode', 'POSTCODE_INVALID_FOR_COUNTRY'],
  ['Austrian postcode starting with 0', { ...ADDRESS, postcode: '0100' }, 'postcode', 'POSTCODE_INVALID_FOR_COUNTRY'],
  ['Austrian postcode with letters', { ...ADDRESS, postcode: 'A-1010' }, 'postcode', 'POSTCODE_INVALID_FOR_COUNTRY'],
  ['Austrian postcode for Germany', { ...ADDRESS, country: 'Deutschland', city: 'Berlin' }, 'postcode', 'POSTCODE_INVALID_FOR_COUNTRY'],
  ['German postcode for Wien (domestic)', { ...ADDRESS, postcode: '10115', country: 'Wien' }, 'postcode', 'POSTCODE_INVALID_FOR_COUNTRY'],
  ['Swiss postcode in Liechtenstein', { ...ADDRESS, postcode: '8001', country: 'LI' }, 'postcode', 'POSTCODE_INVALID_FOR_COUNTRY'],
  ['postcode with a script tag', { ...ADDRESS, postcode: '<b>1</b>' }, 'postcode', 'INVALID_CHARACTERS'],
  ...(['street', 'city', 'poBox', 'country', 'postcode'] as const).flatMap((f) =>
    HOSTILE.map(([label, value]): Case<ChangeAddressInput> => [`${f} with ${label}`, { ...ADDRESS, [f]: value }, f, 'INVALID_CHARACTERS']),
  ),
];

const bankCases: Case<ChangeBankDetailsInput>[] = [
  ...(['accountHolder', 'bankName', 'iban'] as const).map((f): Case<ChangeBankDetailsInput> => [`${f} empty`, { ...BANK, [f]: '' }, f, 'REQUIRED']),
  ['accountHolder too long', { ...BANK, accountHolder: 'A'.repeat(71) }, 'accountHolder', 'TOO_LONG'],
  ['bankName too long', { ...BANK, bankName: 'B'.repeat(71) }, 'bankName', 'TOO_LONG'],
  ['Austrian IBAN over 24 characters as typed', { ...BANK, iban: 'AT61 1904 3002 3457 3201 0' }, 'iban', 'TOO_LONG'],
  ['IBAN over 34 characters', { ...BANK, iban: 'DE89370400440532013000123456789012345' }, 'iban', 'TOO_LONG'],
  ['placeholder AT00', { ...BANK, iban: 'AT00 0000 0000 0000 0000' }, 'iban', 'IBAN_PLACEHOLDER'],
  ['wrong check digits', { ...BANK, iban: 'AT62 1904 3002 3457 3201' }, 'iban', 'IBAN_INVALID'],
  ['Austrian IBAN too short', { ...BANK, iban: 'AT61 1904 3002 3457 320' }, 'iban', 'IBAN_INVALID'],
  ['IBAN outside SEPA (Turkey)', { ...BANK, iban: 'TR33 0006 1005 1978 6457 8413 26', bic: 'TGBATRIS' }, 'iban', 'IBAN_NOT_SEPA'],
  ['Swiss IBAN without BIC', { ...BANK, iban: 'CH93 0076 2011 6238 5295 7' }, 'bic', 'BIC_REQUIRED'],
  ['BIC too short', { ...BANK, bic: 'GIBA' }, 'bic', 'BIC_INVALID'],
  ['BIC of nine characters', { ...BANK, bic: 'GIBAATWWX' }, 'bic', 'BIC_INVALID'],
  ['BIC too long', { ...BANK, bic: 'GIBAATWWXXXX' }, 'bic', 'TOO_LONG'],
  ['validFrom in the past', { ...BANK, validFrom: '2026-11-01' }, 'validFrom', 'DATE_OUT_OF_RANGE'],
  ['validFrom impossible', { ...BANK, validFrom: '2026-13-01' }, 'validFrom', 'INVALID', true],
  ...(['accountHolder', 'bankName', 'iban', 'bic'] as const).flatMap((f) =>
    HOSTILE.map(([label, value]): Case<ChangeBankDetailsInput> => [`${f} with ${label}`, { ...BANK, [f]: value }, f, 'INVALID_CHARACTERS']),
  ),
];

const EMAIL = { newEmail: 'anna.neu@example.at', newEmailConfirmation: 'anna.neu@example.at', currentPassword: DEMO_PASSWORD };
const emailCases: Case<RequestEmailChangeInput>[] = [
  ['new address empty', { ...EMAIL, newEmail: '' }, 'newEmail', 'REQUIRED'],
  ['confirmation empty', { ...EMAIL, newEmailConfirmation: '', currentPassword: DEMO_PASSWORD }, 'newEmailConfirmation', 'REQUIRED'],
  ['address too short', { newEmail: 'a@b', newEmailConfirmation: 'a@b', currentPassword: DEMO_PASSWORD }, 'newEmail', 'TOO_SHORT'],
  ['address too long', { newEmail: `${'a'.repeat(92)}@example.at`, newEmailConfirmation: `${'a'.repeat(92)}@example.at`, currentPassword: DEMO_PASSWORD }, 'newEmail', 'TOO_LONG'],
  ['address without domain ending', { newEmail: 'anna@example', newEmailConfirmation: 'anna@example', currentPassword: DEMO_PASSWORD }, 'newEmail', 'INVALID'],
  ['confirmation differs', { ...EMAIL, newEmailConfirmation: 'anna.alt@example.at', currentPassword: DEMO_PASSWORD }, 'newEmailConfirmation', 'MISMATCH'],
  ['the current address', { newEmail: emailOf('anna').replace('anna', 'ANNA'), newEmailConfirmation: emailOf('anna'), currentPassword: DEMO_PASSWORD }, 'newEmail', 'UNCHANGED'],
  ['a script tag', { newEmail: '<script>@example.at', newEmailConfirmation: '<script>@example.at', currentPassword: DEMO_PASSWORD }, 'newEmail', 'INVALID'],
  ['an attribute break-out', { newEmail: '"><img onerror>@x.at', newEmailConfirmation: '"><img onerror>@x.at', currentPassword: DEMO_PASSWORD }, 'newEmail', 'INVALID'],
  ...(
    [
      ['a bidi override', 'anna\u202E@example.at'],
      ['a NUL', 'anna\u0000@example.at'],
      ['a lone surrogate', 'anna\uDC00@example.at'],
      ['a zero-width joiner', 'an\u200Dna@example.at'],
    ] as const
  ).map(([label, value]): Case<RequestEmailChangeInput> => [label, { newEmail: value, newEmailConfirmation: value }, 'newEmail', 'INVALID_CHARACTERS']),
  ['umlauts in the local part', { newEmail: 'jürgen@example.at', newEmailConfirmation: 'jürgen@example.at', currentPassword: DEMO_PASSWORD }, 'newEmail', 'INVALID'],
];

/** REST form values: null is sent as an empty field. */
const form = (input: object) => Object.fromEntries(Object.entries(input).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)]));

function expectFieldError(payload: Payload | undefined, field: string, code: string) {
  expect(payload?.ok).toBe(false);
  expect(payload?.code).toBe('ERROR_INVALID_INPUT');
  expect(payload?.fieldErrors).toContainEqual(expect.objectContaining({ field, code }));
}

/** The GraphQL refusal: no `ok`, `ERROR_INVALID_INPUT` with its German message, the field error with one too. */
function expectGqlFieldError(result: Refusal | undefined, field: string, code: string) {
  expect(result?.ok).toBeNull();
  expect(result?.error).toMatchObject({ code: 'ERROR_INVALID_INPUT', message: 'Bitte prüfen Sie Ihre Eingaben.' });
  expect(result?.error?.fieldErrors).toContainEqual(expect.objectContaining({ field, code }));
  expect(result?.error?.fieldErrors.every((e) => typeof e.message === 'string' && e.message.length > 0)).toBe(true);
}

/**
 * The bad-input cases of one mutation: each sent through GraphQL (`send`, the typed operation, answering its result)
 * and the REST method, both refused at the field with nothing stored.
 */
function refusesBadInput<Input extends object>(
  mutation: string,
  restMethod: string,
  cases: Case<Input>[],
  send: (input: Input) => Promise<{ answer: GraphQLAnswer<unknown>; result: Refusal | undefined }>,
) {
  describe(`${mutation} refuses bad input`, () => {
    it.each(cases)('%s: GraphQL and REST answer a field error and store nothing', async (_label, input, field, code, dateScalar) => {
      const before = await snapshot();
      const { answer: gql, result } = await send(input);
      if (dateScalar) {
        expect(gql.status).toBeLessThan(500);
        expect(gql.body.errors?.[0]?.message).toMatch(/Expected type "Date"/);
        expect(gql.body.data ?? null).toBeNull();
      } else {
        expect(gql.status).toBe(200);
        expect(gql.body.errors).toBeUndefined();
        expectGqlFieldError(result, field, code);
      }
      const rest = await anna.rest(restMethod, form(input));
      expect(rest.status).toBe(200);
      expectFieldError(rest.json as Payload, field, code);
      expect(await snapshot()).toBe(before);
      expect(smtp.mails).toHaveLength(0);
    });
  });
}
refusesBadInput('changeAddress', 'changeAddress', addressCases, async (input) => {
  const answer = await anna.operation(CHANGE_ADDRESS, { input });
  return { answer, result: answer.body.data?.changeAddress };
});
refusesBadInput('changeBankDetails', 'changeBankDetails', bankCases, async (input) => {
  const answer = await anna.operation(CHANGE_BANK, { input });
  return { answer, result: answer.body.data?.changeBankDetails };
});
refusesBadInput('requestEmailChange', 'changeEmail', emailCases, async (input) => {
  const answer = await anna.operation(REQUEST_EMAIL, { input });
  return { answer, result: answer.body.data?.requestEmailChange };
});

describe('the valid baseline of these cases', () => {
  it('is accepted, so each refusal above comes from the one bad field', async () => {
    const address = await anna.operation(CHANGE_ADDRESS, { input: ADDRESS });
    expect(address.body.data?.changeAddress).toMatchObject({ ok: { person: { id: expect.any(String) } }, error: null });
    const bank = await anna.operation(CHANGE_BANK, { input: BANK });
    expect(bank.body.data?.changeBankDetails).toMatchObject({ ok: { person: { id: expect.any(String) } }, error: null });
  });
});

describe('deleteAccess refuses bad input', () => {
  it.each([
    ['no password', { currentPassword: '', confirmed: true }, 'currentPassword', 'REQUIRED'],
    ['an overlong password', { currentPassword: 'x'.repeat(101), confirmed: true }, 'currentPassword', 'TOO_LONG'],
    ['no confirmation', { currentPassword: DEMO_PASSWORD, confirmed: false }, 'confirmed', 'NOT_CONFIRMED'],
  ] as const)('%s', async (_label, input, field, code) => {
    const before = await snapshot();
    expectGqlFieldError((await anna.operation(DELETE_ACCESS, { input })).body.data?.deleteAccess, field, code);
    expectFieldError((await anna.rest('deleteAccess', form(input))).json as Payload, field, code);
    expect(await snapshot()).toBe(before);
  });
});

describe('values of the wrong type or unknown fields', () => {
  it.each([
    ['a number for the street', CHANGE_ADDRESS, { ...ADDRESS, street: 5 }],
    ['an object for the IBAN', CHANGE_BANK, { ...BANK, iban: { value: 'AT611904300234573201' } }],
    ['a missing confirmation', REQUEST_EMAIL, { newEmail: 'a.b@example.at' }],
    ['another member’s id (address)', CHANGE_ADDRESS, { ...ADDRESS, personId: '3' }],
    ['another member’s id (bank)', CHANGE_BANK, { ...BANK, personId: 3 }],
  ])('%s is refused by GraphQL validation and changes nothing', async (_label, query, input) => {
    const before = await snapshot();
    // Variables of the wrong type or with unknown fields on purpose: the operation's text, outside its typed variables.
    const res = await anna.graphql(print(query), { input });
    expect(res.status).toBeLessThan(500);
    expect(res.body.errors?.length).toBeGreaterThan(0);
    expect(res.body.data ?? null).toBeNull();
    expect(await snapshot()).toBe(before);
  });

  it('REST ignores a personId field: the change applies to the session’s own person only', async () => {
    const bernd = await sqlOne<{ id: number }>(server.db, 'SELECT * FROM persons WHERE email = ?', emailOf('bernd'));
    const berndBefore = JSON.stringify(bernd);
    const berndChanges = await sqlOne(server.db, 'SELECT count(*) AS n FROM profile_changes WHERE person_id = ?', bernd.id);
    const res = await anna.rest('changeAddress', { ...form(ADDRESS), street: 'Fremdgasse 7', personId: String(bernd.id) });
    expect(res.json).toMatchObject({ ok: true });
    expect(JSON.stringify(await sqlOne(server.db, 'SELECT * FROM persons WHERE id = ?', bernd.id))).toBe(berndBefore);
    expect(await sqlOne(server.db, 'SELECT count(*) AS n FROM profile_changes WHERE person_id = ?', bernd.id)).toEqual(berndChanges);
    const annaRow = await sqlOne(server.db, 'SELECT street FROM persons WHERE email = ?', emailOf('anna'));
    expect(annaRow).toEqual({ street: 'Fremdgasse 7' });
    const bank = await anna.rest('changeBankDetails', { ...form(BANK), iban: 'DE89 3704 0044 0532 0130 00', personId: String(bernd.id) });
    expect(bank.json).toMatchObject({ ok: true });
    expect(await sqlOne(server.db, `SELECT count(*) AS n FROM bank_accounts WHERE person_id = ? AND iban LIKE 'DE89%'`, bernd.id)).toEqual({ n: 0 });
  });
});

describe('changes without a completed login', () => {
  const mutations: [string, (client: PortalClient) => Promise<GraphQLAnswer<unknown>>][] = [
    ['changeAddress', (client) => client.operation(CHANGE_ADDRESS, { input: ADDRESS })],
    ['changeBankDetails', (client) => client.operation(CHANGE_BANK, { input: BANK })],
    ['requestEmailChange', (client) => client.operation(REQUEST_EMAIL, { input: EMAIL })],
    ['deleteAccess', (client) => client.operation(DELETE_ACCESS, { input: { currentPassword: DEMO_PASSWORD, confirmed: true } })],
  ];
  const restCalls: [string, Record<string, string>][] = [
    ['changeAddress', form(ADDRESS)],
    ['changeBankDetails', form(BANK)],
    ['changeEmail', form(EMAIL)],
    ['deleteAccess', { currentPassword: DEMO_PASSWORD, confirmed: 'true' }],
    ['getChangeHistory', {}],
  ];

  it.each(mutations)('GraphQL %s without a session answers UNAUTHENTICATED and changes nothing', async (_name, send) => {
    const before = await snapshot();
    const res = await send(new PortalClient(server.url));
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await snapshot()).toBe(before);
  });

  it.each(restCalls)('REST %s without a session answers 406 and changes nothing', async (name, body) => {
    const before = await snapshot();
    expect((await new PortalClient(server.url).rest(name, body)).status).toBe(406);
    expect(await snapshot()).toBe(before);
  });

  it('a login still pending a flow step (terms not yet accepted) changes nothing either', async () => {
    const { client: dora, answer } = await startLoginAs(server, 'dora');
    expect(answer.ok?.status).toBe('NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK');
    const before = await snapshot();
    for (const [, send] of mutations) {
      expect((await send(dora)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    for (const [name, body] of restCalls) expect((await dora.rest(name, body)).status).toBe(406);
    expect(await snapshot()).toBe(before);
    expect(smtp.mails).toHaveLength(0);
  });

  it('a malformed or unknown e-mail change link answers ERROR and changes nothing', async () => {
    const before = await snapshot();
    for (const token of ['', 'abc', '<script>', 'a'.repeat(43), '\u202E'.repeat(43), 'x'.repeat(200)]) {
      const res = await new PortalClient(server.url).operation(CONFIRM_EMAIL, { token });
      expect(res.body.data?.confirmEmailChange).toMatchObject({
        ok: null,
        error: { code: 'ERROR', message: 'Der Link ist ungültig. Bitte prüfen Sie, ob Sie ihn vollständig geöffnet haben.', fieldErrors: [] },
      });
    }
    expect(await snapshot()).toBe(before);
  });
});
