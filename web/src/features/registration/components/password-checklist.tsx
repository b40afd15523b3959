import { useTranslation } from 'react-i18next';
import { passwordRuleChecks } from '../../../../../server/domain/registration/registration.schemas';
import { PasswordRules } from '../../../components/ui/password-rules';

const RULES = ['length', 'lowercase', 'uppercase', 'digit', 'special'] as const;

/**
 * The password rules of spec 000 section 5 as a checklist that updates while the member types; the checks are the
 * shared rules of server/domain/registration/registration.schemas.ts, so list and validation never disagree.
 */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation();
  const checks = passwordRuleChecks(password);
  return (
    <PasswordRules
      id={id}
      title={t('registration.passwordRules.title')}
      metLabel={t('registration.passwordRules.met')}
      unmetLabel={t('registration.passwordRules.unmet')}
      rules={RULES.map((rule) => ({ key: rule, label: t(`registration.passwordRules.${rule}`), met: checks[rule] }))}
    />
  );
}
