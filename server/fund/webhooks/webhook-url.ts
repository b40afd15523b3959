/**
 * Why a webhook URL is refused, or null when it is fine: it must be an absolute http(s) URL without credentials;
 * in production only https (decision 0053), so deliveries and their signatures never travel in clear text.
 */
export function webhookUrlRefusal(text: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'the URL is not an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'the URL must use https (or http outside production)';
  if (production && url.protocol !== 'https:') return 'only https URLs are allowed in production';
  if (url.username || url.password) return 'the URL must not contain credentials';
  return null;
}
