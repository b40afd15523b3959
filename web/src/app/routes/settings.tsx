/** Lazy route module of /einstellungen. */
export { SettingsPage as Component } from '../../features/settings/components/settings-page';
