import calculator from '@contract/i18n/de/calculator.json';
import type { CataloguePart } from '../../i18n/catalogue';

/** Lazy route module of /vorsorgerechner and the calculator-only mode /rechner (both tenants; /rechner main only). */
export { CalculatorPage as Component } from '../../features/calculator/components/calculator-page';

/** The catalogue parts of the screen's texts, added before it renders. */
export const catalogue: readonly CataloguePart[] = [calculator];
