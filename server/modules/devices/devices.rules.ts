/**
 * Pure rules of the signed-in devices (decision 0048): what a session's User-Agent header says about the device, when
 * two sessions count as the same browser, and how the new-browser notice dates a login.
 */
import Bowser from 'bowser';

/** Browser and system of a session, as shown in the device list and the new-browser notice; null when not recognised. */
export interface DeviceLabel {
  /** Browser name with its major version, e.g. `Chrome 130`, `Firefox 128`; null when the header names none. */
  browser: string | null;
  /** Operating system with its version name where the header gives one, e.g. `Windows 10`, `iOS 17.1`, `Linux`; null when none. */
  system: string | null;
  /**
   * What decides "the same browser" for the notice: browser and system names without versions, lower case
   * (`chrome|windows`), so an update of either is no new browser; `|` when neither is recognised.
   */
  key: string;
}

/**
 * Reads browser and system from a User-Agent header (the `bowser` parser). A missing, empty or unrecognised header
 * gives nulls (and the key `|`); never throws.
 */
export function deviceOf(userAgent: string | null | undefined): DeviceLabel {
  const ua = userAgent?.trim();
  if (!ua) return { browser: null, system: null, key: '|' };
  const parsed = Bowser.parse(ua);
  const browserName = parsed.browser.name?.trim() || null;
  const major = parsed.browser.version?.split('.')[0];
  const osName = parsed.os.name?.trim() || null;
  const osVersion = parsed.os.versionName ?? parsed.os.version;
  return {
    browser: browserName ? (major ? `${browserName} ${major}` : browserName) : null,
    system: osName ? (osVersion && !/^NT\b/.test(osVersion) ? `${osName} ${osVersion}` : osName) : null,
    key: `${(browserName ?? '').toLowerCase()}|${(osName ?? '').toLowerCase()}`,
  };
}

/**
 * Whether a login with `userAgent` is from a new browser for a person whose earlier sessions carried `earlier` (their
 * User-Agent headers): true when none of them has the same browser and system names (`DeviceLabel.key`). A person
 * without any earlier session is not notified (the first login after registration is no news to the member; decision
 * 0048).
 */
export function isNewBrowser(userAgent: string | null, earlier: readonly (string | null)[]): boolean {
  if (earlier.length === 0) return false;
  const key = deviceOf(userAgent).key;
  return !earlier.some((ua) => deviceOf(ua).key === key);
}

let viennaFormat: Intl.DateTimeFormat | undefined;

/**
 * An instant (ms since the epoch) as `DD.MM.YYYY HH:MM` in Vienna's local time (CET/CEST), 24-hour clock: the time of
 * the new-browser notice, which the server writes whatever the zone of its machine.
 */
export function formatViennaDateTime(ms: number): string {
  viennaFormat ??= new Intl.DateTimeFormat('de-AT', {
    timeZone: 'Europe/Vienna',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(viennaFormat.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}
