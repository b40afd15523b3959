import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CurrentPasswordField } from '../../../components/ui/text-field';

/**
 * The current password that an identity or money change (the login e-mail, the bank details) asks for again: the
 * step-up of decision 0011 (server/modules/session/step-up.ts). A wrong one counts towards the login lockout.
 */
export function StepUpPasswordField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  const { t } = useTranslation();
  return <CurrentPasswordField label={t('settings.stepUp.currentPassword')} hint={t('settings.stepUp.hint')} registration={registration} error={error} />;
}
