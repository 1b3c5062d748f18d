import { createHash } from 'node:crypto';

/** The `<script type="application/json">` that lists a page's modules: the entry first, then its preloads. */
export const MODULE_LIST_ID = 'bp-modules';

/** After this long the scripts load whether the first-screen images have arrived or not (a stalled image, a background tab without frames). */
export const BOOT_FALLBACK_MS = 3_000;

/**
 * What a rendered page runs first, inline: it loads the store's scripts once the first screen is
 * painted. The HTML already shows everything the shopper came for; the above-the-fold images
 * (`fetchpriority="high"`) are what the phone's link should carry first, and hydration (hundreds of
 * milliseconds of a mid-range phone's CPU on a listing) must not hold back their paint. Measured
 * with Lighthouse (docs/decisions/013-content-first-scripts-after.md): with the scripts and
 * preloads in the head, the listing's
 * image waited for their download and the hydration that followed (LCP 2.1–2.9 s); loaded after the
 * paint, the modules still download together, in parallel (no waterfall), one frame after the
 * images. ES5 on purpose: it runs before any of our code and needs none of it. Constant text, so the
 * Content Security Policy allows it by one hash.
 */
export const BOOT_SCRIPT = `(function(){var d=document,l=d.getElementById(${JSON.stringify(MODULE_LIST_ID)}),m=l?JSON.parse(l.textContent||"[]"):[],s=0;function go(){if(s)return;s=1;for(var i=m.length-1;i>=0;i--){var e=d.createElement(i?"link":"script");if(i){e.rel="modulepreload";e.href=m[i]}else{e.type="module";e.src=m[i]}e.crossOrigin="";d.head.appendChild(e)}}function painted(){requestAnimationFrame(function(){setTimeout(go,0)})}var w=[].filter.call(d.querySelectorAll('img[fetchpriority="high"]'),function(i){return!i.complete}),n=w.length;function one(){if(--n===0)painted()}if(!n)painted();w.forEach(function(i){i.addEventListener("load",one);i.addEventListener("error",one)});setTimeout(go,${BOOT_FALLBACK_MS})})();`;

/** `'sha256-…'` of BOOT_SCRIPT, for script-src. */
export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/** The page's script tags, at the end of its body: the module list (JSON, never run) and the boot script. */
export function bootTags(entry: string, preloads: readonly string[]): string {
  // `<` escaped: a file name can never end the element early.
  const list = JSON.stringify([entry, ...preloads]).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${MODULE_LIST_ID}">${list}</script><script>${BOOT_SCRIPT}</script>`;
}
