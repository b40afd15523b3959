/** Lazy route module of /barrierefreiheit (Erklärung zur Barrierefreiheit). */
export { AccessibilityPage as Component } from '../../features/static-pages/components/accessibility-page';
