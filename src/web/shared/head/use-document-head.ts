import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { useSite } from '../site/site-provider.tsx';
import { siteDescription, SITE_TITLES } from '../site/messages.ts';
import { htmlLang } from '../../../config/languages.ts';
import { useServerRender } from '../ssr/server-render.tsx';

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

/** "{page title} | {site title}" (spec §1); the bare site title when the page has none. */
export function documentTitle(pageTitle: string | null, siteTitle: string): string {
  return pageTitle ? `${pageTitle} | ${siteTitle}` : siteTitle;
}

/** Title, description, language and social tags of the current page. */
export function useDocumentHead({ title, description }: { title: string | null; description?: string }) {
  const { i18n } = useLingui();
  const site = useSite();
  const siteTitle = i18n._(SITE_TITLES[site.country]);
  const fullTitle = documentTitle(title, siteTitle);
  const text = description ?? siteDescription(i18n, site.country);
  const server = useServerRender();
  // A server render has no effects: the head is written into the page's HTML instead. The screen's
  // own call renders last (a 404 inside a screen after the screen), so the last one is the page's.
  if (server) server.head = { title: fullTitle, description: text, siteTitle, lang: htmlLang(site.language) };
  useEffect(() => {
    document.title = fullTitle;
    document.documentElement.lang = htmlLang(site.language);
    setMeta('name', 'description', text);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', text);
    setMeta('property', 'og:site_name', siteTitle);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:image', new URL('/social.svg', document.baseURI).href);
  }, [fullTitle, text, siteTitle, site]);
}
