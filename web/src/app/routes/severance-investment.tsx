/** Lazy route module of /veranlagung/vorsorgekasse (main tenant). */
export { SeveranceInvestmentPage as Component } from '../../features/investment/components/severance-investment-page';
