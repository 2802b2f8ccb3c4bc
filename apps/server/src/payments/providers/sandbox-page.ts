import { formatPrice } from '@unban/contract/plans';
import { escapeHtml } from '@unban/contract/escape-html';
import { defaultLocale, localeDirection } from '@unban/contract/locale-tags';
import type { SupportedLocale } from '@unban/contract/locale-tags';
import type { SandboxSessionInfo } from './sandbox-session-token';
import type { SandboxOutcome } from './sandbox';
import { sandboxWords } from './sandbox-words';

/*
 * The sandbox's hosted checkout page: plain server-rendered HTML with one form per outcome,
 * no script at all (the page's own Content-Security-Policy allows none) and its style in
 * one <style> element.
 */

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f4f5f7; color: #1d2433; }
  main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px;
         box-shadow: 0 1px 3px rgb(0 0 0 / 12%); }
  h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
  .notice { background: #fff4d6; border: 1px solid #e6c35c; border-radius: 8px; padding: .75rem 1rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .5rem 1rem; margin: 1.5rem 0; }
  dt { color: #5a6478; } dd { margin: 0; font-weight: 600; }
  .amount { font-size: 1.6rem; }
  form { margin: .75rem 0 0; }
  button { width: 100%; padding: .8rem 1rem; font: inherit; font-weight: 600; border-radius: 8px;
           border: 1px solid #b9c0cc; background: #fff; color: #1d2433; cursor: pointer; }
  button.primary { background: #1a56db; border-color: #1a56db; color: #fff; }
  button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .hint { color: #5a6478; font-size: .9rem; margin: .25rem 0 0; }
`;

function page(title: string, body: string, locale: SupportedLocale = defaultLocale): string {
  // English's opening tag is the one the page always had.
  const html =
    locale === defaultLocale
      ? '<html lang="en">'
      : `<html lang="${locale}" dir="${localeDirection(locale)}">`;
  return `<!doctype html>
${html}
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The buttons in page order; the first one is the expected choice. */
const buttons: readonly { outcome: SandboxOutcome; primary?: boolean }[] = [
  { outcome: 'pay', primary: true },
  { outcome: 'decline' },
  { outcome: 'cancel' },
  { outcome: 'pay-later' },
];

export interface SandboxPageInput {
  info: SandboxSessionInfo;
  /** The signed session token, carried on to the form actions. */
  token: string;
  payable: boolean;
}

/** The page in the customer's language (the session's; English for a session without one). */
export function renderSandboxCheckoutPage({ info, token, payable }: SandboxPageInput): string {
  const locale = info.locale ?? defaultLocale;
  const words = sandboxWords[locale];
  const amount = formatPrice({ amountMinor: info.amount, currency: info.currency }, locale);
  const details = `<dl>
  <dt>${escapeHtml(words.order)}</dt><dd>${escapeHtml(info.reference)}</dd>
  <dt>${escapeHtml(words.item)}</dt><dd>${escapeHtml(info.productName)}</dd>
  <dt>${escapeHtml(words.total)}</dt><dd class="amount">${escapeHtml(amount)}</dd>
</dl>`;
  const heading = `<h1>${escapeHtml(words.heading)}</h1>
<p class="notice" role="note">${escapeHtml(words.notice)}</p>`;

  if (!payable) {
    return page(
      `${words.closedTitle} – ${words.heading}`,
      `${heading}
${details}
<p>${escapeHtml(words.closed)}</p>
<p><a href="${escapeHtml(info.successUrl)}">${escapeHtml(words.seeStatus)}</a></p>`,
      locale,
    );
  }

  const query = new URLSearchParams({ s: token }).toString();
  const forms = buttons
    .map((button) => {
      const action = `/sandbox/checkout/${encodeURIComponent(info.sessionId)}/${button.outcome}?${query}`;
      const hintId = `hint-${button.outcome}`;
      const { label, hint } = words.buttons[button.outcome];
      return `<form method="post" action="${escapeHtml(action)}">
  <button type="submit"${button.primary ? ' class="primary"' : ''} aria-describedby="${hintId}">${escapeHtml(label)}</button>
  <p class="hint" id="${hintId}">${escapeHtml(hint)}</p>
</form>`;
    })
    .join('\n');
  return page(
    `${words.payTitle(amount)} – ${words.heading}`,
    `${heading}\n${details}\n${forms}`,
    locale,
  );
}

/** A page that only says something went wrong, e.g. an invalid link. */
export function renderSandboxMessagePage(heading: string, message: string): string {
  return page(
    `${heading} – Sandbox checkout`,
    `<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(message)}</p>`,
  );
}
