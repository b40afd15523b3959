import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import type { BalanceChangesQuery, PensionStatementTables_PensionStatementFragmentFragment, SeveranceStatementTables_SeveranceStatementFragmentFragment } from '../gql/graphql';
import { loginAs } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * `balanceChange` on both statement types (decision 0049): the opening balance is the previous statement's, the
 * closing balance the statement's own, the steps are the statement's movements with costs and payments negative, and
 * opening + sum(steps) = closing to the cent for every statement of anna (PK and VK) and bernd (VK, several accounts).
 */
const BALANCE_CHANGES = graphql(`
  query BalanceChanges {
    me {
      pensionContracts {
        statements {
          ...PensionStatementTables_PensionStatementFragment
          balanceChange {
            ...BalanceWaterfall_BalanceChangeFragment
          }
        }
      }
      severanceAccounts {
        statements {
          ...SeveranceStatementTables_SeveranceStatementFragment
          balanceChange {
            ...BalanceWaterfall_BalanceChangeFragment
          }
        }
      }
    }
  }
`);

const DATED = graphql(`
  query BalanceChangeDated($stichtag: Date) {
    me {
      severanceAccounts {
        stichtage
        statement(stichtag: $stichtag) {
          stichtag
          totalEntitlement
          balanceChange {
            openingDate
            opening
            closing
          }
        }
      }
    }
  }
`);

type Change = { openingDate: string; opening: number; closingDate: string; closing: number; firstStatement: boolean; steps: { kind: string; amount: number }[] };

/** Checks one history (oldest first): chained balances, exact sums, the first statement starting at 0. */
function expectChained(history: { stichtag: string; balance: number; change: Change; expected: Record<string, number> }[]): void {
  expect(history.length).toBeGreaterThan(0);
  history.forEach((s, i) => {
    const c = s.change;
    const prev = history[i - 1];
    expect(c.closingDate).toBe(s.stichtag);
    expect(c.closing).toBe(s.balance);
    expect(c.opening).toBe(prev ? prev.balance : 0);
    expect(c.openingDate).toBe(prev ? prev.stichtag : `${s.stichtag.slice(0, 4)}-01-01`);
    expect(c.firstStatement).toBe(i === 0);
    expect(c.opening + c.steps.reduce((sum, x) => sum + x.amount, 0)).toBe(c.closing);
    // The seed rolls every year forward to the cent (README "Seed data"): no remainder step, and each step is
    // exactly the statement's figure with its sign.
    const byKind = Object.fromEntries(c.steps.map((x) => [x.kind, x.amount]));
    const nonZero = Object.fromEntries(Object.entries(s.expected).filter(([, v]) => v !== 0));
    expect(byKind).toEqual(nonZero);
  });
}

/** A step's kind is the name of the statement figure it shows, in constant case (`premium108a` → `PREMIUM_108A`). */
const kindOf = (figure: string): string => figure.replace(/([a-z])([A-Z0-9])/g, '$1_$2').toUpperCase();

/** The figures of a statement type that are its year's movements (decision 0049): those added and those deducted. */
interface Movements<S> {
  added: (keyof S)[];
  deducted: (keyof S)[];
}
const PENSION_MOVEMENTS: Movements<PensionStatementTables_PensionStatementFragmentFragment> = {
  added: ['employerContributions', 'employeeContributions', 'employerTransfers', 'employeeTransfers', 'premium108a', 'investmentResult'],
  deducted: ['costs', 'pensionPayments'],
};
const SEVERANCE_MOVEMENTS: Movements<SeveranceStatementTables_SeveranceStatementFragmentFragment> = {
  added: ['contributions', 'transfersIn', 'investmentResult', 'loyaltyBonus', 'surplusShare'],
  deducted: ['administrationCosts', 'svCarrierCosts', 'payout'],
};

/** One statement as `expectChained` reads it: its balance, its change, and each movement as the signed step expected. */
function historyEntry<S extends { stichtag: string; balanceChange: Change }>(s: S, balance: number, movements: Movements<NoInfer<S>>) {
  const signed = (figures: (keyof S)[], sign: number) => figures.map((figure) => [kindOf(String(figure)), sign * Number(s[figure])]);
  const expected = Object.fromEntries([...signed(movements.added, 1), ...signed(movements.deducted, -1)]);
  return { stichtag: s.stichtag, balance, change: s.balanceChange, expected };
}

function checkMember(data: BalanceChangesQuery) {
  const me = data.me!;
  for (const contract of me.pensionContracts) expectChained(contract.statements.map((s) => historyEntry(s, s.totalCapital, PENSION_MOVEMENTS)));
  for (const account of me.severanceAccounts) expectChained(account.statements.map((s) => historyEntry(s, s.totalEntitlement, SEVERANCE_MOVEMENTS)));
  return me;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 5 });
});
afterAll(async () => {
  await server.close();
});

describe('balanceChange of the statements', () => {
  it("adds up to the closing balance for every statement of anna's contract and account", async () => {
    const client = await loginAs(server, 'anna');
    const res = await client.operation(BALANCE_CHANGES);
    expect(res.body.errors).toBeUndefined();
    const me = checkMember(res.body.data!);
    expect(me.pensionContracts.length).toBeGreaterThan(0);
    expect(me.severanceAccounts.length).toBeGreaterThan(0);
  });

  it("adds up for every statement of each of bernd's severance accounts", async () => {
    const client = await loginAs(server, 'bernd');
    const res = await client.operation(BALANCE_CHANGES);
    expect(res.body.errors).toBeUndefined();
    const me = checkMember(res.body.data!);
    expect(me.severanceAccounts.length).toBeGreaterThan(1);
  });

  it('starts a dated statement at the statement before it', async () => {
    const client = await loginAs(server, 'bernd');
    const list = await client.operation(DATED, {});
    const stichtage = list.body.data!.me!.severanceAccounts[0]!.stichtage;
    expect(stichtage.length).toBeGreaterThan(1);
    const res = await client.operation(DATED, { stichtag: stichtage[1]! });
    expect(res.body.errors).toBeUndefined();
    const s = res.body.data!.me!.severanceAccounts[0]!.statement!;
    expect(s.stichtag).toBe(stichtage[1]);
    expect(s.balanceChange.closing).toBe(s.totalEntitlement);
    expect(s.balanceChange.openingDate).toBe(stichtage[2] ?? `${stichtage[1]!.slice(0, 4)}-01-01`);
  });
});
