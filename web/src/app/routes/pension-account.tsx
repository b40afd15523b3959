/** Lazy route module of /kontoinformation/pensionskasse[/:stichtag]. */
export { PensionAccountPage as Component } from '../../features/account-info/components/pension-account-page';
