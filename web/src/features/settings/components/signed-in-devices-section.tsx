import './signed-in-devices.css';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DescriptionList } from '../../../components/ui/description-list';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { Notice } from '../../../components/ui/notice';
import { useEndSignedInDevices, useSignedInDevices, type SignedInDevice } from '../api/signed-in-devices';
import { formatDateTime } from './local-date';
import { SettingsSection } from './settings-section';

/** The catalogue's error codes of a device end; anything else shows the general failure text. */
const KNOWN_ERRORS = ['NOT_FOUND', 'CURRENT_DEVICE'] as const;
type KnownError = (typeof KNOWN_ERRORS)[number];
const isKnownError = (code: string): code is KnownError => (KNOWN_ERRORS as readonly string[]).includes(code);

/** One session: browser and system as its heading, "Dieses Gerät" for the own one, IP address and times, and "Abmelden" for the others. */
function DeviceItem({ device, busy, onEnd }: { device: SignedInDevice; busy: boolean; onEnd: (id: string) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const name = t('devices.device', { browser: device.browser ?? t('devices.unknownBrowser'), system: device.system ?? t('devices.unknownSystem') });
  return (
    <li className={device.current ? 'devices-item devices-item--current' : 'devices-item'}>
      <h3 id={titleId} className="devices-item__title">
        <span>{name}</span>
        {device.current ? <span className="devices-item__badge">{t('devices.thisDevice')}</span> : null}
      </h3>
      <DescriptionList
        items={[
          { key: 'ip', term: t('devices.ipAddress'), value: device.ipAddress ?? t('devices.unknownIp') },
          { key: 'first', term: t('devices.firstSeen'), value: <time dateTime={device.firstSeenAt}>{formatDateTime(device.firstSeenAt)}</time> },
          { key: 'last', term: t('devices.lastSeen'), value: <time dateTime={device.lastSeenAt}>{formatDateTime(device.lastSeenAt)}</time> },
        ]}
      />
      {device.current ? null : (
        <button
          type="button"
          className="button button--secondary"
          // The visible "Abmelden" names the device for screen readers, first (WCAG 2.5.3 label in name).
          aria-label={t('devices.endLabel', { device: name, lastSeen: formatDateTime(device.lastSeenAt) })}
          disabled={busy}
          onClick={() => onEnd(device.id)}
        >
          {t('devices.end')}
        </button>
      )}
    </li>
  );
}

/**
 * "Angemeldete Geräte" in the settings (decision 0048): the member's open sessions, this one first and marked
 * ("Dieses Gerät"), each with browser and system, IP address, login time and last activity (`DD.MM.YYYY HH:MM`, local
 * time); "Abmelden" ends one other session and "Alle anderen abmelden" every other one. The ended browser is logged
 * out at its next request. Loads its own list, so the settings page's query stays as it is.
 */
export function SignedInDevicesSection() {
  const { t } = useTranslation();
  const { data, error, refetch } = useSignedInDevices();
  const { endDevice, endOthers, loading } = useEndSignedInDevices();
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (call: () => Promise<{ ok?: unknown; error?: { code: string } | null } | null>, done: (answer: unknown) => string) => {
    setSuccess(null);
    setFailure(null);
    try {
      const answer = await call();
      if (answer?.ok) setSuccess(done(answer.ok));
      else {
        const code = answer?.error?.code ?? '';
        setFailure(isKnownError(code) ? t(`devices.error.${code}`) : t('devices.error.ERROR_INTERNAL'));
      }
    } catch {
      setFailure(t('devices.error.ERROR_INTERNAL'));
    }
  };
  const onEnd = (id: string) =>
    void run(
      () => endDevice(id),
      () => t('devices.ended'),
    );
  const onEndOthers = () => void run(endOthers, (ok) => t('devices.endedOthers', { count: (ok as { ended: number }).ended }));

  let body;
  if (!data) {
    body = error ? <ErrorState onRetry={() => void refetch()} /> : <LoadingState />;
  } else {
    const devices = data.signedInDevices;
    const others = devices.some((d) => !d.current);
    body = (
      <>
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <ul className="devices-list" aria-label={t('devices.listLabel')} aria-busy={loading}>
          {devices.map((device) => (
            <DeviceItem key={device.id} device={device} busy={loading} onEnd={onEnd} />
          ))}
        </ul>
        {others ? (
          <button type="button" className="button button--secondary" disabled={loading} onClick={onEndOthers}>
            {loading ? t('devices.busy') : t('devices.endOthers')}
          </button>
        ) : (
          <p>{t('devices.noOthers')}</p>
        )}
      </>
    );
  }

  return (
    <SettingsSection id="devices" title={t('devices.heading')} intro={<p>{t('devices.intro')}</p>} success={success}>
      {body}
    </SettingsSection>
  );
}
