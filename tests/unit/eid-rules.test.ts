import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { eidResultLocation, eidSettings, identityFromClaims, isSafeReturnTo } from '../../server/modules/eid/eid.rules';

const EID = {
  EID_ISSUER: 'https://eid.example.at',
  EID_AUTH_ENDPOINT: 'https://eid.example.at/auth',
  EID_CLIENT_ID: 'portal',
  EID_CLIENT_SECRET: 'secret',
  EID_REDIRECT_URI: 'https://portal.example.at/webportal/eid/callback',
};

describe('eID rules (DOMAIN.md "Electronic ID")', () => {
  it('reads the identity from sub, given_name and family_name, and refuses incomplete claims', () => {
    expect(identityFromClaims({ sub: 'AT:bPK:ZP:abc=', given_name: ' Anna ', family_name: 'Muster' })).toEqual({
      bpk: 'AT:bPK:ZP:abc=',
      givenName: 'Anna',
      familyName: 'Muster',
    });
    expect(identityFromClaims(undefined)).toBeNull();
    expect(identityFromClaims({ sub: 'x', given_name: 'Anna' })).toBeNull();
    expect(identityFromClaims({ sub: 'x', given_name: '  ', family_name: 'Muster' })).toBeNull();
    expect(identityFromClaims({ sub: '', given_name: 'Anna', family_name: 'Muster' })).toBeNull();
    expect(identityFromClaims({ sub: 42, given_name: 'Anna', family_name: 'Muster' })).toBeNull();
    expect(identityFromClaims({ sub: 'x'.repeat(513), given_name: 'Anna', family_name: 'Muster' })).toBeNull();
  });

  it('builds the /eid locations the web app reads', () => {
    expect(eidResultLocation({ error: 'INCOMPLETE' })).toBe('/#/eid?error=INCOMPLETE');
    expect(eidResultLocation({ error: 'NOT_LINKED' })).toBe('/#/eid?error=NOT_LINKED');
    expect(eidResultLocation({ status: 'SUCCESSFUL_PK', returnTo: null })).toBe('/#/eid?status=SUCCESSFUL_PK');
    expect(eidResultLocation({ status: 'SUCCESSFUL', returnTo: '/dokumente' })).toBe('/#/eid?status=SUCCESSFUL&returnTo=%2Fdokumente');
  });

  it('accepts only app routes as returnTo', () => {
    expect(isSafeReturnTo('/dashboard')).toBe(true);
    expect(isSafeReturnTo('/kontoinformation/vorsorgekasse/2025-12-31')).toBe(true);
    for (const bad of ['', '/', '//evil.example', 'https://evil.example', '/a/../b', '/a?x=1', '/a//b', '/a/', '/' + 'a'.repeat(200)]) {
      expect(isSafeReturnTo(bad)).toBe(false);
    }
  });
});

describe('eID configuration', () => {
  it('is off without EID_* and on with all five', () => {
    expect(eidSettings(loadConfig({}))).toBeNull();
    expect(eidSettings(loadConfig(EID))).toMatchObject({ issuer: EID.EID_ISSUER, clientSecret: 'secret', allowInsecureRequests: false });
  });

  it('refuses a partial set, naming the missing variables', () => {
    expect(() => loadConfig({ EID_AUTH_ENDPOINT: EID.EID_AUTH_ENDPOINT, EID_CLIENT_ID: 'portal', EID_REDIRECT_URI: EID.EID_REDIRECT_URI })).toThrow(
      /EID_ISSUER[\s\S]*EID_CLIENT_SECRET/,
    );
  });

  it('refuses a redirect URI that is not the callback route, and http in production', () => {
    expect(() => loadConfig({ ...EID, EID_REDIRECT_URI: 'https://portal.example.at/callback' })).toThrow(/EID_REDIRECT_URI/);
    expect(() => loadConfig({ ...EID, NODE_ENV: 'production', EID_ISSUER: 'http://eid.example.at' })).toThrow(/EID_ISSUER: must use https/);
    expect(eidSettings(loadConfig({ ...EID, EID_ISSUER: 'http://127.0.0.1:4000' }))?.allowInsecureRequests).toBe(true);
  });
});
