/** Lazy route module of /nutzung (terms of use; links to it open a new tab). */
export { TermsPage as Component } from '../../features/static-pages/components/terms-page';
