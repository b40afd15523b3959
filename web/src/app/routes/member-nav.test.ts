import { describe, expect, it } from 'vitest';
import { tenantOffers, type RouteKey, type TenantId } from '../../config/paths';
import { memberNavEntries, type MemberFunds } from './member-nav';

const allBuilt = (tenant: TenantId, key: RouteKey) => tenantOffers(tenant, key);
const keys = (tenant: TenantId, funds: MemberFunds | null) => memberNavEntries(tenant, funds, allBuilt).map((entry) => entry.key);

describe("main navigation by the member's funds", () => {
  it('gives a member of both funds every entry, investment of the Pensionskasse', () => {
    expect(keys('main', { hasPension: true, hasSeverance: true })).toEqual(['dashboard', 'pensionAccount', 'severanceAccount', 'documents', 'pensionInvestment', 'settings']);
  });

  it('gives a Vorsorgekasse-only member no Pensionskasse entry, and the Vorsorgekasse investment', () => {
    expect(keys('main', { hasPension: false, hasSeverance: true })).toEqual(['dashboard', 'severanceAccount', 'documents', 'severanceInvestment', 'settings']);
  });

  it('gives a Pensionskasse-only member no Vorsorgekasse entry', () => {
    expect(keys('main', { hasPension: true, hasSeverance: false })).toEqual(['dashboard', 'pensionAccount', 'documents', 'pensionInvestment', 'settings']);
  });

  it('gives a contact person without own contract only the overview and the settings', () => {
    expect(keys('main', { hasPension: false, hasSeverance: false })).toEqual(['dashboard', 'settings']);
    expect(keys('main', null)).toEqual(['dashboard', 'settings']);
  });

  it("keeps to the regional tenant's routes", () => {
    expect(keys('regional', { hasPension: true, hasSeverance: true })).toEqual(['dashboard', 'severanceAccount', 'settings']);
  });
});
