import { describe, expect, it } from 'vitest';
import { tenantOffers, type RouteKey, type TenantId } from '../../config/paths';
import { memberNavEntries, type MemberFunds } from './member-nav';

const allBuilt = (tenant: TenantId, key: RouteKey) => tenantOffers(tenant, key);
const keys = (tenant: TenantId, funds: MemberFunds | null) => memberNavEntries(tenant, funds, allBuilt).map((entry) => entry.key);

describe("main navigation by the member's funds", () => {
  it('gives a member of both funds every entry, investment of the Pensionskasse', () => {
    expect(keys('main', { hasPension: true, hasSeverance: true, calculator: true })).toEqual([
      'dashboard',
      'pensionAccount',
      'severanceAccount',
      'inboxMessages',
      'documents',
      'pensionInvestment',
      'calculator',
      'settings',
    ]);
  });

  it('gives a Vorsorgekasse-only member no Pensionskasse entry, and the Vorsorgekasse investment', () => {
    expect(keys('main', { hasPension: false, hasSeverance: true, calculator: true })).toEqual([
      'dashboard',
      'severanceAccount',
      'inboxMessages',
      'documents',
      'severanceInvestment',
      'calculator',
      'settings',
    ]);
  });

  it('gives a Pensionskasse-only member no Vorsorgekasse entry', () => {
    expect(keys('main', { hasPension: true, hasSeverance: false, calculator: true })).toEqual([
      'dashboard',
      'pensionAccount',
      'inboxMessages',
      'documents',
      'pensionInvestment',
      'calculator',
      'settings',
    ]);
  });

  it('gives a contact person without own contract (no calculator from the server) the overview, the inbox and the settings', () => {
    expect(keys('main', { hasPension: false, hasSeverance: false, calculator: false })).toEqual(['dashboard', 'inboxMessages', 'settings']);
    expect(keys('main', null)).toEqual(['dashboard', 'inboxMessages', 'settings']);
  });

  it('offers the calculator only when the server does (spec 001 section 6): not to a beneficiary drawing the pension', () => {
    expect(keys('main', { hasPension: true, hasSeverance: false, calculator: false })).not.toContain('calculator');
    expect(keys('main', { hasPension: true, hasSeverance: false, calculator: true })).toContain('calculator');
  });

  it('leads a supervisory-board member without own contract to the board inbox', () => {
    const entries = memberNavEntries('main', { hasPension: false, hasSeverance: false, boardOnly: true, calculator: false }, allBuilt);
    expect(entries.map((entry) => entry.key)).toEqual(['dashboard', 'inbox', 'settings']);
    expect(entries.find((entry) => entry.key === 'inbox')?.href).toBe('/postfach/aufsichtsrat');
  });

  it("keeps to the regional tenant's routes", () => {
    expect(keys('regional', { hasPension: true, hasSeverance: true, calculator: true })).toEqual(['dashboard', 'severanceAccount', 'inboxMessages', 'calculator', 'settings']);
  });
});
