import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

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
    const file = path.join(root, match[1]);
    if (!file.startsWith(root + path.sep)) return null;
    const css = readFileSync(file, 'utf8');
    // `</style` in a stylesheet would end the element early: such a sheet stays a link.
    if (/<\/style/i.test(css)) return null;
    return { link: match[0], href: `/${match[1]}`, css, hash: `'sha256-${createHash('sha256').update(css).digest('base64')}'` };
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
