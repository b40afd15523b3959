/**
 * The optional chatbot widget (spec 000 section 1): `clientConfig.chatbotUrl` is loaded as a script element when it
 * is set, in German (`data-language="de"`). The Content-Security-Policy allows that origin.
 */
const SCRIPT_ID = 'chatbot-widget';

export function loadChatbot(url: string | null | undefined, language = 'de', doc: Document = document): void {
  if (!url || doc.getElementById(SCRIPT_ID)) return;
  const script = doc.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = url;
  script.dataset['language'] = language;
  doc.body.append(script);
}
