/** The parts of a person's name the greeting uses. */
export interface NameParts {
  titlePrefix?: string | null;
  firstName: string;
  lastName: string;
  titleSuffix?: string | null;
}

/**
 * Full name with academic titles: titles before the name in front, titles after the name behind a comma, as is usual
 * in Austria ("Mag.a Anna Muster", "Bernd Vorsorge, MSc").
 */
export function formatPersonName({ titlePrefix, firstName, lastName, titleSuffix }: NameParts): string {
  const name = [titlePrefix?.trim(), firstName.trim(), lastName.trim()].filter(Boolean).join(' ');
  const suffix = titleSuffix?.trim();
  return suffix ? `${name}, ${suffix}` : name;
}
