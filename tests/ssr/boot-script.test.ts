// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { BOOT_FALLBACK_MS, BOOT_SCRIPT, bootTags } from '../../src/server/render/boot-script.ts';

/** The body of a rendered page: its images, then the tags the server writes at its end. */
function page(images: readonly { complete: boolean; priority?: 'high' }[], entry = '/assets/index-1.js', preloads = ['/assets/en-1.js', '/assets/screen-1.js']): HTMLImageElement[] {
  document.head.innerHTML = '';
  document.body.innerHTML = images.map((image) => `<img src="/p.svg"${image.priority ? ` fetchpriority="${image.priority}"` : ''}>`).join('') + bootTags(entry, preloads).replace(/<script>[\s\S]*<\/script>$/, '');
  const elements = [...document.querySelectorAll('img')];
  elements.forEach((element, i) => Object.defineProperty(element, 'complete', { value: images[i]?.complete ?? true }));
  // What the browser does when it parses the inline script.
  new Function(BOOT_SCRIPT)();
  return elements;
}

const loaded = () => [...document.head.children].map((element) => (element instanceof HTMLScriptElement ? `script ${element.type} ${element.getAttribute('src') ?? ''}` : `${(element as HTMLLinkElement).rel} ${element.getAttribute('href') ?? ''}`));
const STARTED = ['modulepreload /assets/screen-1.js', 'modulepreload /assets/en-1.js', 'script module /assets/index-1.js'];

/** One frame and the task after it: when the boot script starts the modules. */
const nextFrame = () => vi.advanceTimersByTime(20);

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] }));
afterEach(() => vi.useRealTimers());

describe('the boot script of a rendered page', () => {
  test('waits for the first screen’s images, then starts the entry and the preloads together after a frame', () => {
    const [first, second] = page([{ complete: false, priority: 'high' }, { complete: false, priority: 'high' }, { complete: false }]);
    nextFrame();
    expect(loaded()).toEqual([]);
    first?.dispatchEvent(new Event('load'));
    nextFrame();
    expect(loaded()).toEqual([]);
    // A broken image counts as arrived: the page must not wait for it.
    second?.dispatchEvent(new Event('error'));
    expect(loaded()).toEqual([]);
    nextFrame();
    expect(loaded()).toEqual(STARTED);
    expect([...document.head.children].every((element) => element.getAttribute('crossorigin') === '')).toBe(true);
  });

  test('starts after the first frame when the images are there already or the page has none', () => {
    page([{ complete: true, priority: 'high' }, { complete: false }]);
    expect(loaded()).toEqual([]);
    nextFrame();
    expect(loaded()).toEqual(STARTED);
  });

  test('starts after its fallback when an image never arrives, and only once', () => {
    const [image] = page([{ complete: false, priority: 'high' }]);
    vi.advanceTimersByTime(BOOT_FALLBACK_MS - 1);
    expect(loaded()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(loaded()).toEqual(STARTED);
    image?.dispatchEvent(new Event('load'));
    nextFrame();
    expect(loaded()).toEqual(STARTED);
  });

  test('a module list cannot end its element', () => {
    expect(bootTags('/assets/</script>.js', [])).not.toContain('</script>.js');
    expect(JSON.parse(/>(\[.*?\])</.exec(bootTags('/assets/</script>.js', []))?.[1] ?? '')).toEqual(['/assets/</script>.js']);
  });
});
