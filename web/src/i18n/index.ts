import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { portalLanguage } from '../lib/request';
import { shellCatalogue } from './catalogue';

/**
 * Sets up i18next with the German catalogue of the app's frame (no HTTP backend; each route module adds its own
 * areas, web/src/i18n/catalogue.ts). The language comes from the `lng` query
 * parameter, falling back to `de` (spec 000 section 1); `portalLanguage` is the same function the request layer
 * uses for `Accept-Language`, so texts and server answers always agree.
 */
export function initI18n(): typeof i18next {
  void i18next.use(initReactI18next).init({
    resources: { de: { translation: shellCatalogue } },
    lng: portalLanguage(),
    fallbackLng: 'de',
    supportedLngs: ['de'],
    defaultNS: 'translation',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: false },
  });
  document.documentElement.lang = i18next.language;
  return i18next;
}
