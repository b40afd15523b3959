/** Lazy route module of /dokumente[/:step] (main tenant). */
export { DocumentsPage as Component } from '../../features/documents/components/documents-page';
