import { useEffect, useState } from 'react';
import { SPACE } from '../../lib/i18n/rich-text';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { preferredLocale, shippedLocaleOf } from '@unban/contract/locale-tags';
import type { SupportedLocale } from '@unban/contract/locale-tags';
import { useJustArrived } from '../../lib/browser/use-just-arrived';
import { createAppIntl } from '../../lib/i18n/app-intl';
import { loadMessages } from '../../lib/i18n/catalog';
import {
  dismissOffer,
  localeScreenHref,
  offerDismissed,
  rememberLocale,
  rememberedLocale,
} from '../../lib/i18n/locale-choice';

interface Offer {
  locale: SupportedLocale;
  text: string;
  link: string;
  close: string;
}

/** The language to offer: the remembered choice, else the browser's preferred shipped one. */
function wantedLocale(current: string): SupportedLocale | undefined {
  const wanted = rememberedLocale() ?? preferredLocale(navigator.languages.join(','));
  return wanted && wanted !== shippedLocaleOf(current) ? wanted : undefined;
}

/**
 * Offers the visitor's own language when this document is in another one: a notice in that
 * language, linking to the same screen in it, that can be closed for good. Never a redirect,
 * so a crawler or a visitor who wants this language is never bounced. Browser only (it reads
 * the browser's languages and storage), so it is not part of the prerendered HTML.
 */
export function LanguageOffer() {
  const intl = useIntl();
  const { pathname, search } = useLocation();
  const [offer, setOffer] = useState<Offer | null>(null);

  useEffect(() => {
    if (offerDismissed()) return;
    const locale = wantedLocale(intl.locale);
    if (!locale) return;
    let live = true;
    // The offer speaks the offered language: its catalog alone, loaded only for this visitor.
    void loadMessages(locale).then((messages) => {
      if (!live) return;
      const theirs = createAppIntl(locale, messages);
      setOffer({
        locale,
        text: theirs.formatMessage({ id: 'languageOffer.text' }),
        link: theirs.formatMessage({ id: 'languageOffer.link' }),
        close: theirs.formatMessage({ id: 'languageOffer.close' }),
      });
    });
    return () => {
      live = false;
    };
  }, [intl.locale]);

  if (!offer) return null;
  return (
    <OfferNotice
      offer={offer}
      href={localeScreenHref(offer.locale, `${pathname}${search}`)}
      onClose={() => {
        dismissOffer();
        setOffer(null);
      }}
    />
  );
}

/** The notice: mounted when it appears, so its first moments are its own (useJustArrived). */
function OfferNotice({
  offer,
  href,
  onClose,
}: {
  offer: Offer;
  href: string;
  onClose: () => void;
}) {
  const arriving = useJustArrived();
  return (
    <aside
      className="notice language-offer"
      lang={offer.locale}
      aria-label={offer.text}
      data-arriving={arriving || undefined}
    >
      <p>
        {offer.text}
        {SPACE}
        <a href={href} hrefLang={offer.locale} onClick={() => rememberLocale(offer.locale)}>
          {offer.link}
        </a>
      </p>
      <button type="button" className="button" onClick={onClose}>
        {offer.close}
      </button>
    </aside>
  );
}
