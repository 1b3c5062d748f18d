import { bootTags } from './boot-script.ts';
import { escapeHtmlAttribute } from './head-meta.ts';
import { chunkStyleTags, type InlineStyle } from './inline-style.ts';
import type { DocumentHead } from '../../contract/page-render.ts';
import { PAGE_STATE_ID, serializePageState, type PageState } from '../../contract/page-state.ts';

/** What goes into the built index.html for one page. */
export interface DocumentParts {
  lang: string;
  head: DocumentHead | null;
  /** Absolute URL of the social image (crawlers need an absolute one). */
  socialImage: string;
  /** Meta tags the server adds (sandbox flag, Google sign-in). */
  extraHead: string;
  /** URLs of the route's own chunks, preloaded with the entry; null: the page runs no script (the error page). */
  preloads: readonly string[] | null;
  /** The stylesheets of those chunks, carried in the head (inline-style.ts, `chunkStyleTags`). */
  styles?: readonly InlineStyle[];
  rootHtml: string;
  state: PageState | null;
}

function headTags(head: DocumentHead | null, socialImage: string): string {
  if (!head) return '';
  const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtmlAttribute(content)}">`;
  return [
    `<title>${escapeHtmlAttribute(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:site_name', head.siteTitle),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:image', socialImage),
  ].join('');
}

const ENTRY_SCRIPT = /<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>/;

/**
 * The page: the built index.html (its stylesheet) with the page's language, head, rendered root
 * and state. The template's own title and social tags give way to the page's. The template's entry
 * script moves to the end of the body, loaded by the boot script with the route's chunks once the
 * first screen is painted (boot-script.ts says why).
 */
export function buildDocument(template: string, parts: DocumentParts): string {
  let html = template;
  // React puts the resources it hoists (the eager images' preloads) first in what it renders: they belong in the head.
  const hoisted = /^(?:<link [^>]*>)+/.exec(parts.rootHtml)?.[0] ?? '';
  const rootHtml = parts.rootHtml.slice(hoisted.length);
  html = html.replace(/<html lang="[^"]*"/, `<html lang="${escapeHtmlAttribute(parts.lang)}"`);
  if (parts.head) {
    html = html.replace(/<title>[^<]*<\/title>/, '');
    html = html.replace(/<meta (?:name="description"|property="og:[a-z_]+") content="[^"]*"\s*\/?>/g, '');
  }
  html = html.replace(/<noscript>[\s\S]*?<\/noscript>/, '');
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  html = html.replace(ENTRY_SCRIPT, '');
  // `() => …`: a replacement string would expand `$&` and the like found in the page.
  html = html.replace('</head>', () => `${headTags(parts.head, parts.socialImage)}${parts.extraHead}${chunkStyleTags(parts.styles ?? [])}${hoisted}</head>`);
  const state = parts.state ? `<script type="application/json" id="${PAGE_STATE_ID}">${serializePageState(parts.state)}</script>` : '';
  const scripts = entry && parts.preloads ? bootTags(entry, parts.preloads) : '';
  html = html.replace(/<div id="root"><\/div>/, () => `<div id="root">${rootHtml}</div>${state}${scripts}`);
  return html;
}
