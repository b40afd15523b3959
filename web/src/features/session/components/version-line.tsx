import { useTranslation } from 'react-i18next';
import { graphql } from '../../../gql';
import type { VersionLine_ClientConfigFragmentFragment } from '../../../gql/graphql';

export const VersionLineFragment = graphql(`
  fragment VersionLine_ClientConfigFragment on ClientConfig {
    versionNumbers {
      portal
      webRechner
    }
  }
`);

/** Version line with the portal and calculator versions (spec 000 section 2, main tenant). */
export function VersionLine({ config }: { config: VersionLine_ClientConfigFragmentFragment }) {
  const { t } = useTranslation();
  return <p className="version-line">{t('login.version', { portal: config.versionNumbers.portal, webRechner: config.versionNumbers.webRechner })}</p>;
}
