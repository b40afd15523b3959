/** Lazy route module of /vorsorgerechner and the calculator-only mode /rechner (both tenants; /rechner main only). */
export { CalculatorPage as Component } from '../../features/calculator/components/calculator-page';
