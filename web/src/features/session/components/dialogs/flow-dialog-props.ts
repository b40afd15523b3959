import type { LoginStatus } from '../../../../gql/graphql';

/** What a dialog of the login flow reports back to the flow (use-login-flow.tsx). */
export interface FlowDialogCallbacks {
  /** The call answered a login status: the flow handles it as the next step. */
  onStatus: (status: LoginStatus) => void;
  /** The question was answered; the flow continues with the next one. */
  onAnswered: () => void;
  /** A call failed: the flow stops and asks the member to log in again. */
  onFailed: () => void;
}
