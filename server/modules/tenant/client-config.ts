import { VERSION_NUMBERS, type Config } from '../../config';
import { EID_START_PATH } from '../eid/eid.rules';
import type { TenantDefinition } from '../../tenants';

/** Client configuration of spec 000 section 3 ("clientConfig"), independent of the transport. */
export interface ClientConfig {
  tenant: TenantDefinition;
  matomoSiteId: number | null;
  /** Matomo tracker base URL; analytics runs only when both the site id and this URL are set. */
  matomoUrl: string | null;
  /** Script URL of the chatbot widget; null when the widget is off. */
  chatbotUrl: string | null;
  versionNumbers: { portal: string; webRechner: string };
  announcement: string | null;
  /**
   * The three eID values of the spec, all or none: the eID button shows only when all three are configured. The
   * button links to `startUrl` (`/webportal/eid/start`), which adds state, nonce and PKCE before it redirects to
   * `authEndpoint` (DOMAIN.md "Electronic ID"); a link straight to `authEndpoint` would be refused at the callback.
   */
  eid: { authEndpoint: string; clientId: string; redirectUri: string; startUrl: string } | null;
  /** Seconds of inactivity before the client warns (spec 000 section 9). */
  idleWarningSeconds: number;
}

/**
 * The client configuration of this server (spec 000 section 3) from its environment configuration and tenant.
 * `eid` is set when EID_AUTH_ENDPOINT, EID_CLIENT_ID and EID_REDIRECT_URI are (the configuration then also holds
 * the issuer and client secret the start route needs: server/config.ts refuses a partial eID set).
 */
export function clientConfig(config: Config, tenant: TenantDefinition): ClientConfig {
  const eid =
    config.EID_AUTH_ENDPOINT && config.EID_CLIENT_ID && config.EID_REDIRECT_URI
      ? { authEndpoint: config.EID_AUTH_ENDPOINT, clientId: config.EID_CLIENT_ID, redirectUri: config.EID_REDIRECT_URI, startUrl: EID_START_PATH }
      : null;
  return {
    tenant,
    matomoSiteId: config.MATOMO_SITE_ID ?? null,
    matomoUrl: config.MATOMO_URL ?? null,
    chatbotUrl: config.CHATBOT_URL ?? null,
    versionNumbers: { ...VERSION_NUMBERS },
    announcement: config.ANNOUNCEMENT_HTML ?? null,
    eid,
    idleWarningSeconds: Math.round(config.IDLE_WARNING_MINUTES * 60),
  };
}
