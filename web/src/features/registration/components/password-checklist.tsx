import { useTranslation } from 'react-i18next';
import { containsPersonalData, passwordRuleChecks, type PersonalPasswordContext } from '@contract/registration';
import { PasswordRules } from '../../../components/ui/password-rules';

const RULES = ['length', 'lowercase', 'uppercase', 'digit', 'special'] as const;

/**
 * The password rules of spec 000 section 5 as a checklist that updates while the member types; the checks are the
 * shared rules of schema/contract/registration.ts, so list and validation never disagree.
 */
export function PasswordChecklist({ id, password, personal }: { id: string; password: string; personal?: PersonalPasswordContext }) {
  const { t } = useTranslation();
  const checks = passwordRuleChecks(password);
  // With the member's data (registration): the rule "no name, e-mail or SVNR"; the form knows e-mail and SVNR, the
  // server checks the names on "Weiter".
  const personalRule = personal ? [{ key: 'personal', label: t('registration.passwordRules.personal'), met: password !== '' && !containsPersonalData(password, personal) }] : [];
  return (
    <PasswordRules
      id={id}
      title={t('registration.passwordRules.title')}
      metLabel={t('registration.passwordRules.met')}
      unmetLabel={t('registration.passwordRules.unmet')}
      rules={[...RULES.map((rule) => ({ key: rule, label: t(`registration.passwordRules.${rule}`), met: checks[rule] })), ...personalRule]}
    />
  );
}
