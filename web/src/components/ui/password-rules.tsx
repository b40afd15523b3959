import './password-rules.css';

export interface PasswordRuleState {
  /** Stable key for React. */
  key: string;
  /** The rule in words, for example "mindestens 10 Zeichen". */
  label: string;
  met: boolean;
}

interface PasswordRulesProps {
  /** Id of the list, for the password field's `aria-describedby`. */
  id: string;
  /** Heading above the list, for example "Ihr neues Passwort braucht". */
  title: string;
  rules: readonly PasswordRuleState[];
  /** Words read after each rule by screen readers, for example "erfüllt" / "noch nicht erfüllt". */
  metLabel: string;
  unmetLabel: string;
}

/**
 * Checklist of the password rules that updates while the member types (spec 000 section 5 "Password"): each rule
 * shows a tick once met. The state is also given in words (visually hidden) so that it does not rest on colour or
 * the icon alone. It is not a live region: the password field points to it with `aria-describedby`, so screen
 * readers read the current state on focus instead of after every keystroke.
 */
export function PasswordRules({ id, title, rules, metLabel, unmetLabel }: PasswordRulesProps) {
  return (
    <div id={id} className="password-rules">
      <p className="password-rules__title">{title}</p>
      <ul className="password-rules__list">
        {rules.map((rule) => (
          <li key={rule.key} className={rule.met ? 'password-rules__rule password-rules__rule--met' : 'password-rules__rule'}>
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
              {rule.met ? (
                <path fill="currentColor" d="M7.6 13.6 4 10l-1.4 1.4 5 5 10-10L16.2 5z" />
              ) : (
                <circle cx="10" cy="10" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
              )}
            </svg>
            <span>
              {rule.label}
              <span className="visually-hidden">: {rule.met ? metLabel : unmetLabel}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
