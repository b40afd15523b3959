import 'i18next';
import type { resources } from './resources';

/** Typed keys: `t('login.error.ERROR_PWD_INVALID')` is checked against the German catalogue at compile time. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: (typeof resources)['de'];
  }
}
