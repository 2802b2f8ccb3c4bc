import { createIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { defaultLocale } from '@unban/contract/locale-tags';
import type { SupportedLocale } from '@unban/contract/locale-tags';
import type { Messages } from './catalog';

/** An intl object outside React: the prerenderer's head tags, titles and structured data. */
export function createAppIntl(locale: SupportedLocale, messages: Messages): IntlShape {
  return createIntl({ locale, defaultLocale, messages });
}
