import accountInfo from '@contract/i18n/de/account-info.json';
import calculator from '@contract/i18n/de/calculator.json';
import common from '@contract/i18n/de/common.json';
import dashboard from '@contract/i18n/de/dashboard.json';
import devices from '@contract/i18n/de/devices.json';
import documents from '@contract/i18n/de/documents.json';
import investment from '@contract/i18n/de/investment.json';
import loginFlow from '@contract/i18n/de/login-flow.json';
import login from '@contract/i18n/de/login.json';
import registration from '@contract/i18n/de/registration.json';
import settings from '@contract/i18n/de/settings.json';
import staticPages from '@contract/i18n/de/static-pages.json';
import claim from '@contract/i18n/de/claim.json';
import inbox from '@contract/i18n/de/inbox.json';
import forms from '@contract/i18n/de/forms.json';
import uploads from '@contract/i18n/de/uploads.json';
import ownContributions from '@contract/i18n/de/own-contributions.json';
import merge from '@contract/i18n/de/merge.json';
import captcha from '@contract/i18n/de/captcha.json';
import uploadForm from '@contract/i18n/de/upload-form.json';
import dataExport from '@contract/i18n/de/data-export.json';
import passkeys from '@contract/i18n/de/passkeys.json';
import backoffice from '@contract/i18n/de/backoffice.json';

/** The German catalogue: one file per area, merged into the default namespace; keys are joined with dots. */
export const resources = {
  de: {
    translation: {
      ...common,
      ...login,
      ...loginFlow,
      ...dashboard,
      ...accountInfo,
      ...documents,
      ...investment,
      ...registration,
      ...settings,
      ...staticPages,
      ...calculator,
      ...uploads,
      ...inbox,
      ...forms,
      ...claim,
      ...ownContributions,
      ...merge,
      ...captcha,
      ...uploadForm,
      ...dataExport,
      ...devices,
      ...passkeys,
      // The workbench's part (decision 0054): loaded only by its own entry (web/src/backoffice/main.tsx).
      ...backoffice,
    },
  },
} as const;
