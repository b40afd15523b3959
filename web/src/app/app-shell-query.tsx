import { useEffect } from 'react';
import type { AppShellAnswer } from '../lib/served-config';
import { useAppShell } from './api/get-app-shell';
import { WithApollo } from './apollo-runtime';

interface AppShellQueryProps {
  onAnswer: (answer: AppShellAnswer) => void;
  onError: () => void;
}

function Query({ onAnswer, onError }: AppShellQueryProps) {
  const { data, error } = useAppShell();
  useEffect(() => {
    if (data) onAnswer(data);
    else if (error) onError();
  }, [data, error, onAnswer, onError]);
  return null;
}

/**
 * Asks the server for the client configuration (`AppShell_Query`) when the page brought none (the development
 * server): a lazy chunk with Apollo Client, rendered by `App` beside its loading state. Renders nothing.
 */
export default function AppShellQuery(props: AppShellQueryProps) {
  return (
    <WithApollo>
      <Query {...props} />
    </WithApollo>
  );
}
