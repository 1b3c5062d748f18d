// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every repository path the README and docs/ name in backticks exists, and every relative link
 * points at a file: a renamed or deleted file fails here rather than misleading the next reader.
 * A path counts when it holds a `/` and ends in a file extension, or starts with src/, tests/,
 * machines/ or docs/. One written from inside a folder (`shared/ui/product-actions.ts`,
 * `http/idempotency.ts`) is found when some file's path ends with it. Left out: placeholders
 * (`<feature>`, `{id}`, `…`), globs, URLs and addresses, `../shared/` (outside the repository) and
 * what a run writes (`dist/`, `test-results/`, the data directory).
 */

const root = join(import.meta.dirname, '..', '..');
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', '.data', 'test-results', 'playwright-report']);
const GENERATED = /^(dist|test-results|DATA_DIR|\.data|node_modules)\//;
const ROOTED = /^(src|tests|machines|docs|i18n)\//;

function walk(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    const rel = relative(root, path);
    if (entry.isDirectory()) {
      found.push(`${rel}/`);
      walk(path, found);
    } else found.push(rel);
  }
  return found;
}

const repoPaths = walk(root);
const docs = ['README.md', ...repoPaths.filter((path) => path.startsWith('docs/') && path.endsWith('.md'))];

/** The text outside fenced code blocks. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

function looksLikePath(span: string): boolean {
  if (/\s|:\/\/|[<>{}*…?=@#:|()\\]/.test(span)) return false;
  if (span.startsWith('/') || span.startsWith('../') || span.startsWith('.')) return false;
  if (GENERATED.test(span)) return false;
  return (span.includes('/') && /\.[a-z][a-z0-9]*$/i.test(span)) || ROOTED.test(span);
}

function exists(path: string): boolean {
  if (existsSync(join(root, path))) return true;
  if (ROOTED.test(path)) return false;
  const tail = `/${path}`;
  return repoPaths.some((candidate) => candidate.endsWith(tail));
}

function missingPaths(doc: string): string[] {
  const text = prose(readFileSync(join(root, doc), 'utf8'));
  const spans = [...text.matchAll(/`([^`\n]+)`/g)].map(([, span]) => span ?? '');
  return [...new Set(spans.filter(looksLikePath))].filter((path) => !exists(path));
}

function brokenLinks(doc: string): string[] {
  const text = prose(readFileSync(join(root, doc), 'utf8'));
  const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map(([, target]) => target ?? '');
  return targets
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'))
    .filter((target) => !existsSync(join(root, dirname(doc), target.split('#')[0] ?? '')));
}

describe('the docs name only what exists', () => {
  it('finds the docs', () => {
    expect(docs).toContain('README.md');
    expect(docs.length).toBeGreaterThan(10);
  });

  it.each(docs)('%s: every path in backticks exists', (doc) => {
    expect(missingPaths(doc)).toEqual([]);
  });

  it.each(docs)('%s: every relative link resolves', (doc) => {
    expect(brokenLinks(doc)).toEqual([]);
  });
});
