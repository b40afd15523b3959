import type { NewsletterDialog_PersonFragmentFragment } from '../../../../gql/graphql';
import type { FlowEvent, FlowStep } from '../login-flow';
import { AccountStatementDialog } from './account-statement-dialog';
import { AnnualStatementDeliveryDialog } from './annual-statement-delivery-dialog';
import { AnnualStatementInfoDialog } from './annual-statement-info-dialog';
import { BenefitStatementDialog } from './benefit-statement-dialog';
import { DataSyncDialog } from './data-sync-dialog';
import type { FlowDialogCallbacks } from './flow-dialog-props';
import { MailboxDialog } from './mailbox-dialog';
import { NewsletterDialog } from './newsletter-dialog';
import { PrizeDrawDialog } from './prize-draw-dialog';
import { TermsDialog } from './terms-dialog';

export interface FlowStepDialogProps {
  step: FlowStep;
  person: NewsletterDialog_PersonFragmentFragment | null;
  callbacks: FlowDialogCallbacks;
  dispatch: (event: FlowEvent) => void;
}

/**
 * The dialog of the login flow's current step (spec 000 section 2), or null for a step without one. This module is
 * loaded lazily by `use-login-flow.tsx`: the dialogs appear only after a login answer, so the login page's first load
 * does not carry them (decision 0034).
 */
export function FlowStepDialog({ step, person, callbacks, dispatch }: FlowStepDialogProps) {
  const { onStatus, onAnswered, onFailed } = callbacks;
  // Each dialog gets a key of its own, so that the next dialog mounts afresh (focus moves into it).
  switch (step.kind) {
    case 'terms':
      return <TermsDialog key="terms" previousStatus={step.previousStatus} onStatus={onStatus} onFailed={onFailed} onDeclined={() => dispatch({ type: 'termsDeclined' })} />;
    case 'annualStatementInfo':
      return <AnnualStatementInfoDialog key="annualStatementInfo" onRead={() => dispatch({ type: 'annualStatementInfoRead' })} />;
    case 'annualStatementDelivery':
      return <AnnualStatementDeliveryDialog key="annualStatementDelivery" onStatus={onStatus} onFailed={onFailed} />;
    case 'dataSync':
      return <DataSyncDialog key="dataSync" onStatus={onStatus} onFailed={onFailed} />;
    case 'mailbox':
      return <MailboxDialog key="mailbox" onChosen={() => dispatch({ type: 'mailboxChosen' })} onFailed={onFailed} />;
    case 'newsletter':
      return <NewsletterDialog key="newsletter" person={person} showPk={step.showPk} showVk={step.showVk} onAnswered={onAnswered} onFailed={onFailed} />;
    case 'benefitStatement':
      return <BenefitStatementDialog key="benefitStatement" onAnswered={onAnswered} onFailed={onFailed} />;
    case 'accountStatement':
      return <AccountStatementDialog key="accountStatement" onStatus={onStatus} onFailed={onFailed} />;
    case 'prizeDraw':
      return <PrizeDrawDialog key="prizeDraw" onAnswered={onAnswered} onFailed={onFailed} />;
    default:
      return null;
  }
}
