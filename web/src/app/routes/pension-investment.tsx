/** Lazy route module of /veranlagung/pensionskasse[/vrg{vrg}] (main tenant). */
export { PensionInvestmentPage as Component } from '../../features/investment/components/pension-investment-page';
