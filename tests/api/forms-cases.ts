import type { FormKind, SubmitFormInput } from '../gql/graphql';

/** A form's sections (one per kind): what a form sends besides kind, key, contact e-mail, terms and password. */
export type Sections = Omit<SubmitFormInput, 'kind' | 'idempotencyKey' | 'contactEmail' | 'termsAccepted' | 'currentPassword'>;

/**
 * The remaining inbox forms (decision 0025). Each: incomplete and invalid refused at the field with
 * nothing stored; sent through REST `webportal/form` as a message to the Pensionskasse with a PDF of what was
 * entered; the same body again gets the first answer; the same form with a new key is refused as already sent.
 */
export const REMAINING: {
  kind: FormKind;
  subject: string;
  valid: Sections;
  incomplete: [Sections, string];
  invalid: [Sections, string, string];
  pdf: string[];
}[] = [
  {
    kind: 'EXIT_APPLICATION',
    subject: 'Austrittsantrag',
    valid: { exitApplication: { employerName: 'Muster Handels GmbH', employmentEndDate: '2026-12-31', reason: 'MUTUAL_AGREEMENT', request: 'STOP_OWN_CONTRIBUTIONS' } },
    incomplete: [{ exitApplication: { employerName: 'Muster Handels GmbH', employmentEndDate: '2026-12-31', request: 'STATEMENT_ONLY' } }, 'exitApplication.reason'],
    invalid: [
      { exitApplication: { employerName: 'Muster', employmentEndDate: '2028-01-31', reason: 'OTHER', request: 'STATEMENT_ONLY' } },
      'exitApplication.employmentEndDate',
      'EXIT_DATE_OUT_OF_RANGE',
    ],
    pdf: ['Muster Handels GmbH', '31.12.2026', 'Einvernehmliche Auflösung', 'Eigenbeiträge'],
  },
  {
    kind: 'EMPLOYMENT_DECLARATION',
    subject: 'Beschäftigungserklärung',
    valid: { employmentDeclaration: { status: 'EMPLOYED', employerName: 'Beispiel Bau AG', since: '2024-03-01' } },
    incomplete: [{ employmentDeclaration: { status: 'EMPLOYED', employerName: 'Beispiel Bau AG' } }, 'employmentDeclaration.since'],
    invalid: [{ employmentDeclaration: { status: 'NOT_EMPLOYED', employerName: 'Beispiel Bau AG' } }, 'employmentDeclaration.employerName', 'OPTION_CONFLICT'],
    pdf: ['Unselbständig beschäftigt', 'Beispiel Bau AG', '01.03.2024'],
  },
  {
    kind: 'FUNCTION_DECLARATION',
    subject: 'Funktionserklärung',
    valid: { functionDeclaration: { function: 'EXECUTIVE', employerName: 'Muster Handels GmbH', since: '2023-07-01' } },
    incomplete: [{ functionDeclaration: { employerName: 'Muster Handels GmbH', since: '2023-07-01' } }, 'functionDeclaration.function'],
    invalid: [{ functionDeclaration: { function: 'EXECUTIVE', employerName: 'Muster <b>', since: '2023-07-01' } }, 'functionDeclaration.employerName', 'INVALID'],
    pdf: ['Leitende Angestellte oder leitender Angestellter', '01.07.2023'],
  },
  {
    kind: 'FAMILY_DECLARATION',
    subject: 'Erklärung zu Familienstand und Kindern',
    valid: {
      familyDeclaration: {
        maritalStatus: 'MARRIED',
        since: '2012-05-19',
        partner: { firstName: 'Max', lastName: 'Muster', birthDate: '1979-02-03' },
        children: [
          { firstName: 'Lena', birthDate: '2013-08-01', gender: 'FEMALE' },
          { firstName: 'Paul', birthDate: '2016-01-15', gender: 'MALE' },
        ],
      },
    },
    incomplete: [{ familyDeclaration: { maritalStatus: 'MARRIED', since: '2012-05-19' } }, 'familyDeclaration.partner.firstName'],
    invalid: [
      { familyDeclaration: { maritalStatus: 'SINGLE', children: [{ firstName: 'Lena', birthDate: '2099-01-01', gender: 'FEMALE' }] } },
      'familyDeclaration.children.0.birthDate',
      'DATE_INVALID',
    ],
    pdf: ['verheiratet', 'Max Muster, 03.02.1979', 'Lena, 01.08.2013, weiblich', 'Paul, 15.01.2016, männlich'],
  },
  {
    kind: 'MODEL_OBJECTION',
    subject: 'Widerspruchserklärung zur Änderung des Pensionsmodells',
    valid: { modelObjection: { letterDate: '2026-11-02', reason: 'Ich möchte im bisherigen Modell bleiben.' } },
    incomplete: [{ modelObjection: { reason: 'Ohne Datum' } }, 'modelObjection.letterDate'],
    invalid: [{ modelObjection: { letterDate: '2026-08-01' } }, 'modelObjection.letterDate', 'OBJECTION_PERIOD_OVER'],
    pdf: ['02.11.2026', 'Ich möchte im bisherigen Modell bleiben.'],
  },
  {
    kind: 'MODEL_SWITCH',
    subject: 'Wechselerklärung zum Pensionsmodell',
    valid: { modelSwitch: { target: 'SECURITY_VRG', switchDate: '2027-01-01' } },
    incomplete: [{ modelSwitch: { switchDate: '2027-01-01' } }, 'modelSwitch.target'],
    invalid: [{ modelSwitch: { target: 'SECURITY_VRG', switchDate: '2026-11-01' } }, 'modelSwitch.switchDate', 'SWITCH_DATE_OUT_OF_RANGE'],
    pdf: ['Sicherheits-VRG der Pensionskasse', '01.01.2027'],
  },
];
