import { graphql } from '../gql';
import { dateWalk, intWalk, operationRequest, type Door } from './access-matrix.kit';

/**
 * The access matrix's doors of accounts (part of MATRIX_DOORS, tests/security/access-matrix.registry.ts): statements by
 * date, investment groups, and the service duties of a contact person.
 */

const PK_STATEMENT = graphql(`
  query Matrix_PkStatement($s: Date) {
    me {
      pensionContracts {
        id
        statement(stichtag: $s) {
          ...PensionStatementFigures
          document {
            id
            title
          }
        }
      }
    }
  }
`);
const VK_STATEMENT = graphql(`
  query Matrix_VkStatement($s: Date) {
    me {
      severanceAccounts {
        id
        statement(stichtag: $s) {
          ...SeveranceStatementFigures
          document {
            id
            title
          }
        }
      }
    }
  }
`);
const VRG = graphql(`
  query Matrix_Vrg($vrg: Int!) {
    vrgInvestment(vrg: $vrg) {
      vrg
      name
      equityTargetPercent
      performance {
        year
        returnPercent
      }
      reports {
        year
        title
      }
    }
  }
`);
const MAILBOX = graphql(`
  mutation Matrix_Mailbox($d: ID) {
    chooseMailbox(type: ASP, dutyId: $d) {
      ok {
        type
        dutyId
      }
      error {
        ...FieldErrorCodes
      }
    }
  }
`);

/** Doors of statements, investment groups and service duties, GraphQL and REST. */
export const ACCOUNT_DOORS: Door[] = [
  {
    name: 'PensionContract.statement(stichtag)',
    covers: ['PensionContract.statement(stichtag:)'],
    idsOf: (m) => m.pensionStichtage,
    walk: dateWalk,
    missing: '1901-12-31',
    ownedBy: (m, v) => m.pensionStichtage.includes(v),
    compare: 'identical',
    request: (stichtag) => operationRequest(PK_STATEMENT, { s: stichtag }),
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
    request: (stichtag) => operationRequest(VK_STATEMENT, { s: stichtag }),
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
    request: (vrg) => operationRequest(VRG, { vrg: Number(vrg) }),
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
    request: (dutyId) => operationRequest(MAILBOX, { d: dutyId }),
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
];
