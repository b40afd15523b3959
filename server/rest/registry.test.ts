import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverRestMethods, REST_METHODS } from './registry';

/** A folder of area modules, each `[area, file name, source]`, for discoverRestMethods. */
function modulesFolder(files: ReadonlyArray<readonly [area: string, name: string, source: string]>): string {
  const root = mkdtempSync(join(tmpdir(), 'rest-registry-'));
  folders.push(root);
  for (const [area, name, source] of files) {
    mkdirSync(join(root, area), { recursive: true });
    writeFileSync(join(root, area, name), source);
  }
  return root;
}
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the REST registry (decision 0065 "found, not listed")', () => {
  it('finds every `…RestMethods` export of the modules, in path order, and nothing else', async () => {
    const root = modulesFolder([
      ['alpha', 'alpha.rest.js', "export const alphaRestMethods = [{ name: 'getAlpha' }, { name: 'setAlpha' }];\nexport const helper = [{ name: 'notAMethod' }];"],
      ['beta', 'beta.rest.js', "export const betaRestMethods = [{ name: 'getBeta' }];"],
      ['beta', 'beta.service.js', "export const betaRestMethods = [{ name: 'notFound' }];"],
      ['__generated__', 'x.rest.js', "export const xRestMethods = [{ name: 'generated' }];"],
    ]);
    expect((await discoverRestMethods(root)).map((m) => m.name)).toEqual(['getAlpha', 'setAlpha', 'getBeta']);
  });

  it('stops with the name when two modules register the same method', async () => {
    const root = modulesFolder([
      ['alpha', 'alpha.rest.js', "export const alphaRestMethods = [{ name: 'getPersonalData' }];"],
      ['beta', 'beta.rest.js', "export const betaRestMethods = [{ name: 'getPersonalData' }];"],
    ]);
    await expect(discoverRestMethods(root)).rejects.toThrow('REST method getPersonalData is registered by two modules');
  });

  it('holds the spec’s methods once each, from server/modules', () => {
    const names = REST_METHODS.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['login', 'getPersonalData', 'getMessages', 'webportal/eigenbeitraege']));
  });
});
