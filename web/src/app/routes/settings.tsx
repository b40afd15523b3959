import dataExport from '@contract/i18n/de/data-export.json';
import devices from '@contract/i18n/de/devices.json';
import passkeys from '@contract/i18n/de/passkeys.json';
import settings from '@contract/i18n/de/settings.json';
import type { CataloguePart } from '../../i18n/catalogue';

/** Lazy route module of /einstellungen. */
export { SettingsPage as Component } from '../../features/settings/components/settings-page';

/** The catalogue parts of the screen's texts, added before it renders. */
export const catalogue: readonly CataloguePart[] = [settings, dataExport, devices, passkeys];
