const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Makes text safe inside HTML, in element content and in quoted attribute values alike: the
 * one escaper for every page and e-mail written by hand (the server's e-mails and hosted
 * pages, the web build's head elements).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}
