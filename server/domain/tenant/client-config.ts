import { VERSION_NUMBERS, type Config } from '../../config';
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
  /** The three eID values, all or none: the eID button shows only when all three are configured. */
  eid: { authEndpoint: string; clientId: string; redirectUri: string } | null;
  /** Seconds of inactivity before the client warns (spec 000 section 9). */
  idleWarningSeconds: number;
}

export function clientConfig(config: Config, tenant: TenantDefinition): ClientConfig {
  const eid =
    config.EID_AUTH_ENDPOINT && config.EID_CLIENT_ID && config.EID_REDIRECT_URI
      ? { authEndpoint: config.EID_AUTH_ENDPOINT, clientId: config.EID_CLIENT_ID, redirectUri: config.EID_REDIRECT_URI }
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
