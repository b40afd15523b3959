import { clientConfig } from './client-config';
import { empty, method, type RestMethod } from '../../rest/method-kit';

/** The `rest/*` methods of this module (spec 000 section 7), found by server/rest/registry.ts by their export name. */
export const tenantRestMethods: RestMethod[] = [
  method({
    name: 'getClientConfig',
    input: empty,
    auth: 'public',
    run(ctx) {
      const c = clientConfig(ctx.config, ctx.tenant);
      return {
        matomoSiteId: c.matomoSiteId,
        versionNumbers: { [ctx.tenant.loginProduct]: c.versionNumbers.portal, WebRechner: c.versionNumbers.webRechner },
        announcement: c.announcement,
        eidAuthEndpoint: c.eid?.authEndpoint ?? null,
        eidClientId: c.eid?.clientId ?? null,
        eidRedirectUri: c.eid?.redirectUri ?? null,
      };
    },
  }),
];
