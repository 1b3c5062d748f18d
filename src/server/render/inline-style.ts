import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { manifestPath, type Manifest } from './preloads.ts';

/** The stylesheet `index.html` links (Vite writes one for the entry), to put into the page itself. */
export interface InlineStyle {
  /** The `<link rel="stylesheet">` element as the template has it. */
  link: string;
  /** Its URL path (`/assets/index-….css`). */
  href: string;
  css: string;
  /** `'sha256-…'`: the Content Security Policy allows this one `<style>` element and no other. */
  hash: string;
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/;

/**
 * The first screen's stylesheet, read once at start: inlined, first paint waits for the HTML alone
 * instead of one more request (a round trip on a phone's network, and bandwidth shared with the
 * preloaded scripts). Null without a build (the tests' hand-written index.html), or a link to a
 * file that is not there: the page then links the sheet as built.
 */
export function loadInlineStyle(staticDir: string): InlineStyle | null {
  try {
    const root = path.resolve(staticDir);
    const template = readFileSync(path.join(root, 'index.html'), 'utf8');
    const match = STYLESHEET_LINK.exec(template);
    if (!match?.[1]) return null;
    const style = styleOf(root, `/${match[1]}`);
    return style ? { ...style, link: match[0] } : null;
  } catch {
    return null;
  }
}

/**
 * The template with the stylesheet inside it. The link stays, `disabled` (browsers neither fetch
 * nor apply a disabled sheet): Vite's loader of lazy chunks lists the entry's stylesheet among
 * their dependencies and links any sheet it finds no `<link rel="stylesheet">` for, which would
 * download the inlined sheet a second time during hydration.
 */
export function inlineStylesheet(template: string, style: InlineStyle): string {
  return template.replace(style.link, () => `<style>${style.css}</style><link rel="stylesheet" href="${style.href}" disabled>`);
}

/** A built stylesheet as a page carries it: its text in a `<style>`, allowed by its hash (`link` is the caller's). */
function styleOf(root: string, href: string): InlineStyle | null {
  const file = path.join(root, href);
  if (!file.startsWith(root + path.sep)) return null;
  const css = readFileSync(file, 'utf8');
  // `</style` in a stylesheet would end the element early: such a sheet stays a link.
  if (/<\/style/i.test(css)) return null;
  return { link: '', href, css, hash: `'sha256-${createHash('sha256').update(css).digest('base64')}'` };
}

/**
 * The features' stylesheets (Vite splits each feature's CSS off with its chunk), read once at start
 * by URL path: a page carries the ones of its screen's chunks (preloads.ts), so its first paint is
 * styled without waiting for its scripts, and the policy allows each by its hash. The sheets named
 * in the build's manifest; none without one.
 */
export function loadChunkStyles(staticDir: string): Map<string, InlineStyle> {
  const styles = new Map<string, InlineStyle>();
  try {
    const root = path.resolve(staticDir);
    const manifest = JSON.parse(readFileSync(manifestPath(staticDir), 'utf8')) as Manifest;
    for (const chunk of Object.values(manifest)) {
      // The entry's sheet is the page's own inlined stylesheet (loadInlineStyle).
      if (chunk.isEntry) continue;
      for (const file of chunk.css ?? []) {
        const href = `/${file}`;
        if (styles.has(href)) continue;
        const style = styleOf(root, href);
        if (style) styles.set(href, style);
      }
    }
  } catch {
    // A build without a manifest (the tests' hand-written index.html): pages carry no feature sheets.
  }
  return styles;
}

/**
 * A page's feature sheets, after the stylesheet (their order when Vite links them). Each sheet's
 * link stays, `disabled`, for the reason `inlineStylesheet` gives.
 */
export function chunkStyleTags(styles: readonly InlineStyle[]): string {
  return styles.map((style) => `<style>${style.css}</style><link rel="stylesheet" href="${style.href}" disabled>`).join('');
}
