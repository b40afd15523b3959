import documents from '@contract/i18n/de/documents.json';
import type { CataloguePart } from '../../i18n/catalogue';

/** Lazy route module of /dokumente[/:step] (main tenant). */
export { DocumentsPage as Component } from '../../features/documents/components/documents-page';

/** The catalogue parts of the screen's texts, added before it renders. */
export const catalogue: readonly CataloguePart[] = [documents];
