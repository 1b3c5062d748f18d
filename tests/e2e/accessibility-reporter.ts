import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FullConfig, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { AXE_ATTACHMENT, type AxeRecord } from './fixtures/accessibility.ts';

interface Cell {
  checks: number;
  violations: number;
  rules: Set<string>;
}

const widthOf = (size: string) => Number(size.split('×')[0]);

/**
 * Collects the axe checks every e2e test attached (fixtures/accessibility.ts) and writes one table,
 * each page visited × each width → violations (and how many times it was checked), to
 * `axe-report.md` in the output folder (or E2E_AXE_REPORT); prints the totals and where it is.
 */
export default class AccessibilityReporter implements Reporter {
  /** page → width → cell */
  private readonly pages = new Map<string, Map<string, Cell>>();
  private readonly foreign = new Set<string>();
  private file = 'test-results/axe-report.md';
  private ms = 0;
  private reused = 0;

  onBegin(config: FullConfig) {
    this.file = process.env['E2E_AXE_REPORT'] ?? `${config.projects[0]?.outputDir ?? 'test-results'}/axe-report.md`;
  }

  onTestEnd(_test: TestCase, result: TestResult) {
    for (const attachment of result.attachments) {
      if (attachment.name !== AXE_ATTACHMENT || !attachment.body) continue;
      const record = JSON.parse(attachment.body.toString('utf8')) as AxeRecord;
      for (const check of record.checks) {
        this.ms += check.ms;
        if (check.reused) this.reused += 1;
        const widths = this.pages.get(check.page) ?? new Map<string, Cell>();
        const cell = widths.get(check.width) ?? { checks: 0, violations: 0, rules: new Set<string>() };
        cell.checks += 1;
        cell.violations += check.violations.length;
        for (const violation of check.violations) cell.rules.add(violation.rule);
        widths.set(check.width, cell);
        this.pages.set(check.page, widths);
      }
      for (const href of record.foreign) {
        const url = new URL(href);
        this.foreign.add(`${url.origin}${url.pathname}`);
      }
    }
  }

  onEnd() {
    const sizes = [...new Set([...this.pages.values()].flatMap((widths) => [...widths.keys()]))].sort((a, b) => widthOf(a) - widthOf(b));
    const pages = [...this.pages.keys()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    let checks = 0;
    let violations = 0;
    const seconds = (this.ms / 1000).toFixed(1);
    const rows = pages.map((page) => {
      const widths = this.pages.get(page) ?? new Map<string, Cell>();
      const cells = sizes.map((size) => {
        const cell = widths.get(size);
        if (!cell) return '–';
        checks += cell.checks;
        violations += cell.violations;
        return `${cell.violations}${cell.rules.size > 0 ? ` (${[...cell.rules].join(', ')})` : ''} · ${cell.checks}×`;
      });
      return `| ${page.replace(/\|/g, '\\|')} | ${cells.join(' | ')} |`;
    });
    const lines = [
      '# axe (WCAG 2.0, 2.1, 2.2 A and AA) on every page the e2e tests visited',
      '',
      'Each cell: violations at that width · how many times the page was checked there (– : not at that width).',
      '',
      `| page | ${sizes.join(' | ')} |`,
      `|---|${sizes.map(() => '---:').join('|')}|`,
      ...rows,
      '',
      `${pages.length} pages, ${checks} checks (page × width), ${violations} violations, in ${seconds} s (${this.reused} of the checks found a page already checked in everything axe reads, and took its answer).`,
    ];
    if (this.foreign.size > 0) lines.push('', `Pages of another origin passed through (not the store's, not checked): ${[...this.foreign].join(', ')}`);
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, `${lines.join('\n')}\n`);
    process.stdout.write(`\naxe: ${pages.length} pages, ${checks} checks (page × width), ${violations} violations, in ${seconds} s (${this.reused} reused); table in ${this.file}\n`);
  }

  printsToStdio() {
    return false;
  }
}
