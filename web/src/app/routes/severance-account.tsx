/** Lazy route module of /kontoinformation/vorsorgekasse[/:stichtag]. */
export { SeveranceAccountPage as Component } from '../../features/account-info/components/severance-account-page';
