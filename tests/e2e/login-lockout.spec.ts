import { expect, portalNow, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { passwordField, submitLogin } from './helpers/login';
import { clearLoginLock, middleGeneratedMember } from './helpers/member-db';

/**
 * The lockout is announced (spec 000 section 8): from the third wrong password on, the message says
 * how many attempts remain; the fifth locks the access for 60 minutes, and the message says until when (local time,
 * Europe/Vienna in these tests) and offers the password-lost link.
 */

test('wrong passwords count down to the lock, which names its end and links to "password lost"', async ({ page }) => {
  const email = middleGeneratedMember();
  try {
    await page.goto('/#/login');
    const expectations = [
      'Das Passwort ist nicht korrekt.',
      'Das Passwort ist nicht korrekt.',
      'Das Passwort ist nicht korrekt. Sie haben noch 2 Versuche, danach wird Ihr Zugang für 60 Minuten gesperrt.',
      'Das Passwort ist nicht korrekt. Sie haben noch einen Versuch, danach wird Ihr Zugang für 60 Minuten gesperrt.',
    ];
    for (const [index, message] of expectations.entries()) {
      await submitLogin(page, email, `Falsch#${index}Passwort`);
      await expect(passwordField(page), `attempt ${index + 1}`).toHaveAccessibleDescription(message);
    }
    await expectNoSeriousA11yViolations(page, 'login with attempts left');

    const before = portalNow();
    await submitLogin(page, email, 'Falsch#5Passwort');
    const emailField = page.getByLabel('E-Mail-Adresse');
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');
    const description = await emailField.evaluate((input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
    // The end names its date too when it falls on the next day (an attempt after 23:00 Vienna time).
    const until = /bis (?:\d{2}\.\d{2}\.\d{4}, )?(\d{2}):(\d{2}) Uhr gesperrt/.exec(description);
    expect(until, description).not.toBeNull();
    // The lock ends 60 minutes after this attempt, shown in Vienna time.
    const expected = new Intl.DateTimeFormat('de-AT', { timeZone: 'Europe/Vienna', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const candidates = [before + 3_600_000, portalNow() + 3_600_000].map((at) => expected.format(at));
    expect(candidates).toContain(`${until![1]}:${until![2]}`);
    const link = page.getByRole('link', { name: 'Neues Passwort anfordern' });
    await expect(link).toHaveAttribute('href', '#/pwdLost');
    await expectNoSeriousA11yViolations(page, 'login locked');

    // The right password during the lock is refused with the same message and end.
    await submitLogin(page, email);
    await expect(emailField).toHaveAccessibleDescription(new RegExp(`bis (?:\\d{2}\\.\\d{2}\\.\\d{4}, )?${until![1]}:${until![2]} Uhr gesperrt`));
    await link.click();
    await expect(page).toHaveURL(/#\/pwdLost$/);
  } finally {
    clearLoginLock(email);
  }
});
