import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** Rendered instead of the children after an error. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Last line of defence around the whole app: an error outside the router shows `fallback` instead of a blank page.
 * React 19 reports the caught error itself (createRoot's default `onCaughtError`).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
