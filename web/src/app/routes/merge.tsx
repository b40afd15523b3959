/** Lazy route module of /abfertigungsbeitraege-zusammenlegen, merging dormant severance accounts (main tenant). */
export { MergePage as Component } from '../../features/merge/components/merge-page';
