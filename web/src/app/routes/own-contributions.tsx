/** Lazy route module of /eigenbeitraege[/{step}[/{param}]], own contributions (main tenant). */
export { OwnContributionsPage as Component } from '../../features/own-contributions/components/own-contributions-page';
