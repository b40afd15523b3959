import accountInfo from './de/account-info.json';
import calculator from './de/calculator.json';
import claim from './de/claim.json';
import common from './de/common.json';
import dashboard from './de/dashboard.json';
import documents from './de/documents.json';
import investment from './de/investment.json';
import loginFlow from './de/login-flow.json';
import login from './de/login.json';
import registration from './de/registration.json';
import settings from './de/settings.json';
import staticPages from './de/static-pages.json';
import uploads from './de/uploads.json';
import inbox from './de/inbox.json';

/** The German catalogue: one file per area, merged into the default namespace; keys are joined with dots. */
export const resources = {
  de: { translation: { ...common, ...login, ...loginFlow, ...dashboard, ...accountInfo, ...documents, ...investment, ...registration, ...settings, ...staticPages, ...calculator, ...uploads, ...inbox, ...claim } },
} as const;
