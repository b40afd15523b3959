import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { DocumentNode } from 'graphql';

/**
 * The parts of the cross-member access matrix's doors (tests/security/access-matrix.registry.ts): the objects a member
 * owns, the request of a door, the door itself, and the walks around a probe value.
 */

/** The objects one member owns, read from the test database (see `loadObjects` in the test). */
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
  /** Ids of the member's uploads (server/modules/uploads; 32 hex characters). */
  uploadIds: string[];
  /** Ids of the member's messages (received and sent) and of their attachments. */
  messageIds: number[];
  attachmentIds: number[];
  /** Ids of the member's data archives (docs/decisions/0052-data-archive.md): one READY, one PENDING, seeded by the test. */
  dataExportIds: number[];
  /** Public ids of the member's open sessions (`sessions.public_id`, 32 hex characters; the signed-in devices, decision 0048). */
  sessionIds: string[];
  /** Ids of the member's passkeys (docs/decisions/0047-passkeys.md; one per member, inserted by the test). */
  passkeyIds: number[];
}

/** One request of a door, built from one probe value: a typed GraphQL operation (see `operationRequest`), a REST call or a download. */
export type DoorRequest =
  | { kind: 'graphql'; document: DocumentNode; variables: Record<string, unknown> }
  | { kind: 'rest'; method: string; json: Record<string, unknown> }
  | { kind: 'download'; path: string };

/** A GraphQL door request: a codegen-typed operation (tests/gql) and variables of its variables type. */
export const operationRequest = <V extends Record<string, unknown>>(document: TypedDocumentNode<unknown, V>, variables: NoInfer<V>): DoorRequest => ({
  kind: 'graphql',
  document,
  variables,
});

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

/** Neighbouring positive integer ids: 3 below and 3 above. */
export const intWalk = (value: string) => {
  const n = Number(value);
  return [-3, -2, -1, 1, 2, 3].map((d) => String(n + d)).filter((v) => Number(v) > 0);
};

/** Dates around an ISO date: a day and a year either side, and 20 years back. */
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

/** base64url of `d:<date>:<id>`, the documents cursor (server/modules/documents/documents.rules.ts). */
export const cursor = (date: string, id: string) => Buffer.from(`d:${date}:${id}`).toString('base64url');

/** How probe values of one kind are walked, and the value of that kind that names nothing. */
const PROBE_KINDS = {
  /** Positive integer ids (documents, messages, accounts, mandates, …). */
  int: { walk: intWalk, missing: '987654321' },
  /** 32-hex ids (uploads, session public ids). */
  hex: { walk: hexWalk, missing: 'f'.repeat(32) },
  /** ISO dates (statement Stichtage). */
  date: { walk: dateWalk, missing: '1901-12-31' },
} as const;

/**
 * The common door shape: the probe values are the ids (or dates) `ids` lists of a member, walked and missed as their
 * kind says (PROBE_KINDS; `options` may set another walk or missing value), owned when the member lists the value, and
 * a foreign value must get the byte-identical answer of the missing one. `withoutSession` is the README's refusal of the
 * request's kind: GraphQL `UNAUTHENTICATED`, REST and download 406.
 *
 * @param ids a member's objects of the door, as numbers (compared with `Number(value)`) or strings (compared as they are)
 * @param request the request for a probe value; `asker` is passed through (see `Door.request`)
 */
export function objectDoor(
  name: string,
  covers: string[],
  kind: keyof typeof PROBE_KINDS,
  ids: (member: MemberObjects) => readonly (number | string)[],
  request: Door['request'],
  options: Partial<Pick<Door, 'walk' | 'missing'>> = {},
): Door {
  const missing = options.missing ?? PROBE_KINDS[kind].missing;
  return {
    name,
    covers,
    idsOf: (m) => ids(m).map(String),
    walk: options.walk ?? PROBE_KINDS[kind].walk,
    missing,
    ownedBy: (m, v) => ids(m).some((id) => (typeof id === 'number' ? id === Number(v) : id === v)),
    compare: 'identical',
    request,
    withoutSession: request(missing).kind === 'graphql' ? { code: 'UNAUTHENTICATED' } : { status: 406 },
  };
}
