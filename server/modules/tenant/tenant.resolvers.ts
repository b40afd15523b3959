import { clientConfig } from './client-config';
import type { Resolvers } from '../../graphql/__generated__/resolvers-types';

export const tenantResolvers: Resolvers = {
  Query: {
    clientConfig(_p, _a, ctx) {
      const c = clientConfig(ctx.config, ctx.tenant);
      return {
        tenant: c.tenant.id === 'main' ? 'MAIN' : 'REGIONAL',
        matomoSiteId: c.matomoSiteId,
        matomoUrl: c.matomoUrl,
        chatbotUrl: c.chatbotUrl,
        versionNumbers: c.versionNumbers,
        announcement: c.announcement,
        eidAuthEndpoint: c.eid?.authEndpoint ?? null,
        eidClientId: c.eid?.clientId ?? null,
        eidRedirectUri: c.eid?.redirectUri ?? null,
        eidStartUrl: c.eid?.startUrl ?? null,
        idleWarningSeconds: c.idleWarningSeconds,
        severanceDataKey: c.tenant.severanceDataKey,
      };
    },
  },
};
