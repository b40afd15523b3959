import { useTranslation } from 'react-i18next';
import { graphql } from '../../../gql';
import type { EidLoginButton_ClientConfigFragmentFragment } from '../../../gql/graphql';

export const EidLoginButtonFragment = graphql(`
  fragment EidLoginButton_ClientConfigFragment on ClientConfig {
    eidAuthEndpoint
    eidClientId
    eidRedirectUri
  }
`);

/**
 * Where the eID button leads: the server's start of the electronic-ID login. The server builds the authorization
 * request from the configured endpoint, client id and redirect URI and adds the parameters of spec 000 section 2
 * (response_type=code, client_id, redirect_uri, scope 'openid profile eid') plus state, nonce and PKCE, which a
 * link built in the browser could not keep secret; the provider's answer ends on the /eid route.
 */
export const EID_START_URL = '/webportal/eid/start';

/** Whether the client configuration offers the eID login (spec 000 section 2: all three values set). */
export function eidConfigured(config: EidLoginButton_ClientConfigFragmentFragment): boolean {
  return Boolean(config.eidAuthEndpoint && config.eidClientId && config.eidRedirectUri);
}

/** The electronic-ID login button, shown only when the client configuration holds the eID values. */
export function EidLoginButton({ config }: { config: EidLoginButton_ClientConfigFragmentFragment }) {
  const { t } = useTranslation();
  if (!eidConfigured(config)) return null;
  return (
    <div className="eid-login">
      <a className="button button--secondary button--block eid-login__button" href={EID_START_URL}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 1 3 5v6c0 5.5 3.8 10.7 9 12 5.2-1.3 9-6.5 9-12V5l-9-4zm0 2.2 7 3.1V11c0 4.4-3 8.6-7 9.9-4-1.3-7-5.5-7-9.9V6.3l7-3.1zM11 7v4H8v2h3v4h2v-4h3v-2h-3V7h-2z"
          />
        </svg>
        {t('login.eid.button')}
      </a>
      <p className="eid-login__or">{t('login.eid.or')}</p>
    </div>
  );
}
