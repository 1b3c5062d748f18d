/**
 * Matching of `smartLinkExemptedPaths` (spec §2). Regex entries come from the CMS, so a pattern
 * must never hang the page: patterns are length-capped, checked for the shapes that backtrack
 * exponentially (a repeated group that itself repeats or alternates, backreferences), compiled in
 * a try/catch, and the path they are tested against is length-capped too.
 */

export type ExemptedPathType = 'absolute' | 'regex' | 'startsWith';

export interface ExemptedPathEntry {
  type: ExemptedPathType;
  value: string;
}

export const MAX_PATTERN_LENGTH = 200;
/** Longer paths are never tested against a regex: they simply are not exempted. */
export const MAX_TESTED_PATH_LENGTH = 2_048;

export type ExemptionRule =
  | { type: 'absolute'; value: string }
  | { type: 'startsWith'; value: string }
  | { type: 'regex'; value: string; pattern: RegExp };

export interface InvalidEntry {
  entry: unknown;
  reason: string;
}

interface GroupInfo {
  /** Contains a repeating quantifier (`*`, `+`, `{n,}`, `{n,m}` with m > 1). */
  repeats: boolean;
  alternates: boolean;
}

/** `{2}`, `{2,}`, `{2,5}` at `index`: its length and whether it repeats more than once. */
function braceQuantifier(source: string, index: number): { length: number; repeats: boolean } | null {
  const found = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(index, index + 24));
  if (!found) return null;
  const min = Number(found[1]);
  const max = found[2] === undefined ? min : found[3] === '' ? Infinity : Number(found[3]);
  return { length: found[0].length, repeats: max > 1 };
}

/**
 * Why a pattern is unsafe, or null. A small "star height" check in the spirit of safe-regex: it
 * refuses a repeated group containing a repetition or an alternation (`(a+)+`, `(a|aa)*`), and
 * backreferences; it does not try to prove every other pattern linear, the length caps bound those.
 */
export function unsafePatternReason(source: string): string | null {
  if (source.length === 0) return 'empty pattern';
  if (source.length > MAX_PATTERN_LENGTH) return `longer than ${MAX_PATTERN_LENGTH} characters`;
  const stack: GroupInfo[] = [{ repeats: false, alternates: false }];
  /** The atom a following quantifier applies to: a group (with what it contains) or a single thing. */
  let lastAtom: GroupInfo | 'single' | null = null;
  let index = 0;
  while (index < source.length) {
    const char = source[index];
    const top = stack[stack.length - 1] as GroupInfo;
    if (char === '\\') {
      const next = source[index + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k') return 'backreference';
      index += 2;
      lastAtom = 'single';
      continue;
    }
    if (char === '[') {
      index += 1;
      while (index < source.length && source[index] !== ']') index += source[index] === '\\' ? 2 : 1;
      index += 1;
      lastAtom = 'single';
      continue;
    }
    if (char === '(') {
      stack.push({ repeats: false, alternates: false });
      index += 1;
      // Group prefixes: (?: (?= (?! (?<= (?<! (?<name>
      const prefix = /^\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(source.slice(index));
      if (prefix) index += prefix[0].length;
      lastAtom = null;
      continue;
    }
    if (char === ')') {
      if (stack.length === 1) return 'unbalanced parenthesis';
      const group = stack.pop() as GroupInfo;
      const parent = stack[stack.length - 1] as GroupInfo;
      if (group.repeats) parent.repeats = true;
      lastAtom = group;
      index += 1;
      continue;
    }
    if (char === '|') {
      top.alternates = true;
      lastAtom = null;
      index += 1;
      continue;
    }
    const brace = char === '{' ? braceQuantifier(source, index) : null;
    if (char === '*' || char === '+' || char === '?' || brace) {
      const repeats = char === '*' || char === '+' || (brace?.repeats ?? false);
      if (repeats) {
        if (lastAtom !== null && lastAtom !== 'single' && (lastAtom.repeats || lastAtom.alternates)) return 'nested quantifier';
        top.repeats = true;
      }
      index += brace ? brace.length : 1;
      if (source[index] === '?') index += 1; // lazy quantifier
      lastAtom = null;
      continue;
    }
    lastAtom = 'single';
    index += 1;
  }
  if (stack.length !== 1) return 'unbalanced parenthesis';
  return null;
}

function isEntry(entry: unknown): entry is ExemptedPathEntry {
  if (typeof entry !== 'object' || entry === null) return false;
  const { type, value } = entry as Record<string, unknown>;
  return (type === 'absolute' || type === 'regex' || type === 'startsWith') && typeof value === 'string';
}

/** Valid entries become rules; the others are returned once, to be reported and ignored. */
export function compileExemptions(entries: readonly unknown[]): { rules: ExemptionRule[]; invalid: InvalidEntry[] } {
  const rules: ExemptionRule[] = [];
  const invalid: InvalidEntry[] = [];
  for (const entry of entries) {
    if (!isEntry(entry)) {
      invalid.push({ entry, reason: 'not an entry of type absolute, regex or startsWith with a string value' });
      continue;
    }
    if (entry.type !== 'regex') {
      if (entry.value === '') invalid.push({ entry, reason: 'empty value' });
      else rules.push({ type: entry.type, value: entry.value });
      continue;
    }
    const unsafe = unsafePatternReason(entry.value);
    if (unsafe) {
      invalid.push({ entry, reason: unsafe });
      continue;
    }
    try {
      rules.push({ type: 'regex', value: entry.value, pattern: new RegExp(entry.value) });
    } catch (error) {
      invalid.push({ entry, reason: error instanceof Error ? error.message : 'invalid pattern' });
    }
  }
  return { rules, invalid };
}

export function isExempted(rules: readonly ExemptionRule[], path: string): boolean {
  return rules.some((rule) => {
    switch (rule.type) {
      case 'absolute':
        return path === rule.value;
      case 'startsWith':
        return path.startsWith(rule.value);
      case 'regex':
        return path.length <= MAX_TESTED_PATH_LENGTH && rule.pattern.test(path);
    }
  });
}

/** Path part of `/a/b?x=1#top`. */
export function pathnameOf(to: string): string {
  const end = to.search(/[?#]/);
  return end < 0 ? to : to.slice(0, end);
}

export interface NavigationRequest {
  origin: string;
  target: string;
  /** Whether the route table has a page for the origin / the target path. */
  originMatched: boolean;
  targetMatched: boolean;
}

export type NavigationVerdict =
  | { kind: 'samePath' }
  | { kind: 'checkFailed'; error: unknown }
  | { kind: 'noMatchedRoute' }
  | { kind: 'exempted' }
  | { kind: 'notExempted' };

/**
 * The decision of spec §2, never throwing: a failure is a verdict of its own (the navigation then
 * continues in-app and the failure is reported). Paths are compared decoded, as the CMS writes
 * them (`/brands/l'oréal`); a malformed escape is such a failure.
 */
export function judgeNavigation(rules: readonly ExemptionRule[], request: NavigationRequest): NavigationVerdict {
  try {
    const origin = decodeURI(pathnameOf(request.origin));
    const target = decodeURI(pathnameOf(request.target));
    if (origin === target) return { kind: 'samePath' };
    if (!request.originMatched || !request.targetMatched) return { kind: 'noMatchedRoute' };
    return isExempted(rules, target) ? { kind: 'exempted' } : { kind: 'notExempted' };
  } catch (error) {
    return { kind: 'checkFailed', error };
  }
}
