/**
 * Known open-redirect payloads (PayloadsAllTheThings "Open Redirect", the OWASP unvalidated
 * redirects cheat sheet, PortSwigger URL-validation bypass list) and what `safeReturnTo` must make
 * of each. `expected` is `/` when the value could leave the origin, or the exact same-origin path
 * when the payload is in fact harmless here (it only names a path of ours, however odd).
 */
export interface RedirectCase {
  readonly input: string;
  readonly expected: string;
  readonly why: string;
}

const refused = (input: string, why: string): RedirectCase => ({ input, expected: '/', why });
const kept = (input: string, expected: string, why: string): RedirectCase => ({ input, expected, why });

export const OPEN_REDIRECT_PAYLOADS: readonly RedirectCase[] = [
  // Absolute URLs and schemes.
  refused('https://evil.com', 'absolute URL'),
  refused('http://evil.com/', 'absolute URL'),
  refused('https://good.com.evil.com', 'look-alike host'),
  refused('https://evil.com?https://good.com', 'our host in the query only'),
  refused('https://good.com@evil.com', 'userinfo trick'),
  refused('https:evil.com', 'scheme without slashes'),
  refused('http:/evil.com', 'scheme with one slash'),
  refused('http:\\\\evil.com', 'scheme with backslashes'),
  refused('ftp://evil.com', 'other scheme'),
  refused('javascript:alert(1)', 'javascript scheme'),
  refused('JaVaScRiPt:alert(1)', 'mixed-case javascript scheme'),
  refused('javascript://%0aalert(1)', 'javascript with a comment and newline'),
  refused('java%0d%0ascript:alert(1)', 'javascript split by CRLF'),
  refused('data:text/html,<script>alert(1)</script>', 'data URL'),
  refused('data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'base64 data URL'),
  refused('vbscript:msgbox(1)', 'vbscript scheme'),
  // Protocol-relative and slash tricks.
  refused('//evil.com', 'protocol-relative'),
  refused('///evil.com', 'triple slash'),
  refused('////evil.com', 'four slashes'),
  refused('//evil.com/%2f..', 'protocol-relative with a path'),
  refused('//evil.com@good.com', 'protocol-relative with userinfo'),
  refused('//good.com@evil.com', 'protocol-relative, our host as userinfo'),
  refused('/\\evil.com', 'slash backslash'),
  refused('/\\/evil.com', 'slash backslash slash'),
  refused('\\\\evil.com', 'double backslash'),
  refused('\\/evil.com', 'backslash slash'),
  refused('/\\\\evil.com', 'slash and two backslashes'),
  refused('evil.com', 'bare host'),
  refused('.evil.com', 'relative dot host'),
  refused('@evil.com', 'bare userinfo'),
  // Percent-encoded and double-encoded forms.
  refused('%2F%2Fevil.com', 'encoded protocol-relative'),
  refused('%2f%2fevil.com', 'lower-case encoded protocol-relative'),
  refused('/%2F/evil.com', 'one slash encoded'),
  refused('/%2f%2fevil.com', 'second and third slash encoded'),
  refused('/%5Cevil.com', 'encoded backslash'),
  refused('/%5cevil.com', 'lower-case encoded backslash'),
  refused('%5C%5Cevil.com', 'two encoded backslashes'),
  refused('%252F%252Fevil.com', 'double-encoded protocol-relative'),
  refused('/%252F%252Fevil.com', 'double-encoded slashes after a slash'),
  refused('/%25252F%25252Fevil.com', 'triple-encoded slashes'),
  refused('/%255Cevil.com', 'double-encoded backslash'),
  refused('https%3A%2F%2Fevil.com', 'encoded absolute URL'),
  refused('javascript%3Aalert(1)', 'encoded colon'),
  refused('%6A%61%76%61%73%63%72%69%70%74:alert(1)', 'fully encoded javascript'),
  // Whitespace and control characters the URL parser or browser drops.
  refused('\t//evil.com', 'leading tab'),
  refused(' //evil.com', 'leading space'),
  refused('/\t/evil.com', 'tab between slashes'),
  refused('/\n/evil.com', 'newline between slashes'),
  refused('/\r\n/evil.com', 'CRLF between slashes'),
  refused('/ /evil.com', 'space between slashes'),
  refused('/%09/evil.com', 'encoded tab between slashes'),
  refused('/%0a/evil.com', 'encoded newline between slashes'),
  refused('/%20/evil.com', 'encoded space between slashes'),
  refused('/%E3%80%80/evil.com', 'encoded ideographic space between slashes'),
  refused('/\u0000/evil.com', 'NUL between slashes'),
  refused('/%00/evil.com', 'encoded NUL'),
  refused('/\u00a0/evil.com', 'no-break space between slashes'),
  refused('/\u200b/evil.com', 'zero-width space between slashes'),
  refused('/%0d%0aLocation:%20https://evil.com', 'header injection'),
  // Unicode look-alikes of slashes.
  refused('／／evil.com', 'fullwidth solidus'),
  refused('/／evil.com', 'slash and fullwidth solidus'),
  refused('/%EF%BC%8Fevil.com', 'encoded fullwidth solidus'),
  refused('/＼evil.com', 'fullwidth reverse solidus'),
  refused('〱evil.com', 'vertical kana repeat mark, read as // by old browsers'),
  refused('〵evil.com', 'vertical kana repeat mark with voiced sound'),
  refused('ⱻ/evil.com', 'not a path'),
  // Dot segments that resolve to a protocol-relative path.
  refused('/../..//evil.com', 'dot segments collapse to //'),
  refused('/./\\/evil.com', 'dot segment then slash backslash slash'),
  refused('/.//evil.com', 'single dot segment then //'),
  refused('/%2e%2e//evil.com', 'encoded dot segment then //'),
  refused('/%2e%2e%2f%2fevil.com', 'fully encoded dot segment and slashes'),
  // IP and IPv6 hosts.
  refused('//127.0.0.1', 'IPv4 host'),
  refused('//2130706433', 'decimal IPv4 host'),
  refused('//0x7f.0x0.0x0.0x1', 'hex IPv4 host'),
  refused('//[::1]', 'IPv6 host'),
  refused('http://[::ffff:7f00:1]', 'IPv4-mapped IPv6 host'),
  refused('//evil%E3%80%82com', 'ideographic full stop in host'),
  // Harmless in fact: each only names a path on our own origin.
  kept('/.evil.com', '/.evil.com', 'a path segment starting with a dot'),
  kept('/evil.com', '/evil.com', 'a path segment that looks like a host'),
  kept('/@evil.com', '/@evil.com', 'a path segment starting with @'),
  kept('/javascript:alert(1)', '/javascript:alert(1)', 'a path segment, not a scheme'),
  kept('/https://evil.com', '/https://evil.com', 'a URL inside the path'),
  kept('/?next=//evil.com', '/?next=//evil.com', 'slashes inside the query'),
  kept('/#//evil.com', '/#//evil.com', 'slashes inside the fragment'),
  kept('/〱evil.com', '/%E3%80%B1evil.com', 'the repeat mark after a slash is a path character'),
  kept('/../../evil.com', '/evil.com', 'dot segments cannot climb above the root'),
  kept('/a/../evil.com', '/evil.com', 'dot segments resolve inside our origin'),
];

/** Real return paths: each must come back exactly as given. */
export const LEGITIMATE_RETURN_PATHS: readonly string[] = [
  '/',
  '/products/velvet-matte-lipstick?shade=3#reviews',
  '/categories/makeup/face',
  '/categories/skincare/serums?sort=price-asc&page=2',
  '/brands/hourglass',
  '/search?q=//x',
  '/search?q=red%20lipstick&page=3',
  '/search?q=https://evil.com',
  '/th/search?q=%E0%B8%A5%E0%B8%B4%E0%B8%9B%E0%B8%AA%E0%B8%95%E0%B8%B4%E0%B8%81',
  '/zh/search?q=%E5%8F%A3%E7%B4%85',
  '/th/categories/%E0%B9%80%E0%B8%A1%E0%B8%84%E0%B8%AD%E0%B8%B1%E0%B8%9E',
  '/zh/brands/%E9%9B%AA%E8%8A%B1%E7%A7%80',
  '/id/products/lip-cream-matte?shade=ruby%20red',
  '/account/beauty-profile#skin',
  '/beauty-pass/rewards?tier=gold&sort=points',
  '/products/cushion-foundation?shade=21N&size=15ml#how-to-use',
  '/bookings/new?store=sg-orchard&date=2025-03-01',
  '/cart',
  '/search?q=a%2Bb&utm_source=email',
  '/offers?code=BEAUTY%2F2025',
];
