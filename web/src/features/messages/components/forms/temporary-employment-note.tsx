import { useTranslation } from 'react-i18next';
import { TEMPORARY_EMPLOYMENT_CONTRIBUTION_FREE_MAX_MONTHS, TEMPORARY_EMPLOYMENT_VESTING_YEARS } from '@contract/forms';
import { Notice } from '../../../../components/ui/notice';

/**
 * The temporary-employment rule (spec 001 section 9): contribution-free continuation for at most 12 months, vesting
 * after 3 years. Shown only where it applies: the exit application when the employment was fixed-term, the
 * vested-amount form when the entitlement is kept contribution-free.
 */
export function TemporaryEmploymentNote() {
  const { t } = useTranslation();
  return <Notice>{t('forms.temporaryEmploymentNote', { months: TEMPORARY_EMPLOYMENT_CONTRIBUTION_FREE_MAX_MONTHS, years: TEMPORARY_EMPLOYMENT_VESTING_YEARS })}</Notice>;
}
