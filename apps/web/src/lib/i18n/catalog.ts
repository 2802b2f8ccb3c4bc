import type { SupportedLocale } from '@unban/contract/locale-tags';
import type englishCatalog from '../../locales/en.json';

/**
 * The message catalogs (`src/locales/<tag>.json`): one flat object of id → ICU message per
 * locale, English the source. Every id is typed from the English catalog, so a screen that
 * names a message English lacks does not compile.
 */
export type MessageId = keyof typeof englishCatalog;
export type Messages = Readonly<Record<MessageId, string>>;

declare global {
  // react-intl's hook for typed ids: `formatMessage({ id })` and `<FormattedMessage id>`.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

/**
 * One dynamic import per locale, so a visitor downloads their own language's catalog only
 * (issue 15, point 4); Rollup emits each as a chunk of its own.
 */
const loaders: Record<SupportedLocale, () => Promise<{ default: Messages }>> = {
  en: () => import('../../locales/en.json'),
  es: () => import('../../locales/es.json'),
  'pt-BR': () => import('../../locales/pt-BR.json'),
  hi: () => import('../../locales/hi.json'),
  id: () => import('../../locales/id.json'),
  ar: () => import('../../locales/ar.json'),
};

export async function loadMessages(locale: SupportedLocale): Promise<Messages> {
  return (await loaders[locale]()).default;
}
