import accountInfo from './de/account-info.json';
import common from './de/common.json';
import dashboard from './de/dashboard.json';
import login from './de/login.json';

/** The German catalogue: one file per area, merged into the default namespace; keys are joined with dots. */
export const resources = {
  de: { translation: { ...common, ...login, ...dashboard, ...accountInfo } },
} as const;
