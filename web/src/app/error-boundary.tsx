import { Component, type ErrorInfo, type ReactNode } from 'react';
import { errorMessages, remoteLog } from '../lib/remote-log';

interface ErrorBoundaryProps {
  /** Rendered instead of the children after an error. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Last line of defence around the whole app: an error outside the router shows `fallback` instead of a blank page.
 * React 19 reports the caught error to the console itself (createRoot's default `onCaughtError`); the boundary
 * sends it to the remote log (spec 000 section 7, `rest/log`).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const componentStack = (info.componentStack ?? '').trim().split('\n').slice(0, 5).join(' | ');
    remoteLog('ErrorBoundary', 'ERROR', [...errorMessages(error), `components ${componentStack}`]);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
