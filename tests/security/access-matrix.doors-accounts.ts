import { graphql } from '../gql';
import { intWalk, objectDoor, operationRequest, type Door } from './access-matrix.kit';

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
          ...PensionStatementTables_PensionStatementFragment
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
          ...SeveranceStatementTables_SeveranceStatementFragment
        }
      }
    }
  }
`);
const VRG = graphql(`
  query Matrix_Vrg($vrg: Int!) {
    vrgInvestment(vrg: $vrg) {
      ...VrgInvestmentPanel_VrgInvestmentFragment
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
  objectDoor(
    'PensionContract.statement(stichtag)',
    ['PensionContract.statement(stichtag:)'],
    'date',
    (m) => m.pensionStichtage,
    (stichtag) => operationRequest(PK_STATEMENT, { s: stichtag }),
  ),
  objectDoor(
    'SeveranceAccount.statement(stichtag)',
    ['SeveranceAccount.statement(stichtag:)'],
    'date',
    (m) => m.severanceStichtage,
    (stichtag) => operationRequest(VK_STATEMENT, { s: stichtag }),
  ),
  objectDoor(
    'Query.vrgInvestment(vrg)',
    ['Query.vrgInvestment', 'Query.vrgInvestment(vrg:)'],
    'int',
    (m) => m.vrgs,
    (vrg) => operationRequest(VRG, { vrg: Number(vrg) }),
    {
      walk: (v) => intWalk(v).filter((x) => Number(x) < 100),
      missing: '99',
    },
  ),
  objectDoor(
    'Mutation.chooseMailbox(type: ASP, dutyId)',
    ['Mutation.chooseMailbox', 'Mutation.chooseMailbox(dutyId:)'],
    'int',
    (m) => m.duties.map((d) => d.id),
    (dutyId) => operationRequest(MAILBOX, { d: dutyId }),
  ),
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
