import { describe, expect, test } from 'vitest';
import { sameView } from '../../machines/shared/same-view.ts';

describe('sameView', () => {
  test('plain data is compared by value, nested arrays and objects included', () => {
    expect(sameView({ busy: false, items: [{ id: 1 }], reason: null }, { busy: false, items: [{ id: 1 }], reason: null })).toBe(true);
    expect(sameView({ busy: false }, { busy: true })).toBe(false);
    expect(sameView({ items: [1, 2] }, { items: [1] })).toBe(false);
    expect(sameView({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameView([1], { 0: 1 })).toBe(false);
  });

  test('intent methods count as equal, so a new closure alone does not re-render', () => {
    expect(sameView({ busy: false, retry: () => 1 }, { busy: false, retry: () => 2 })).toBe(true);
    expect(sameView({ retry: () => 1 }, { retry: null })).toBe(false);
  });

  test('class instances (errors, actor refs) are equal only when they are the same object', () => {
    const error = new Error('x');
    expect(sameView({ error }, { error })).toBe(true);
    expect(sameView({ error }, { error: new Error('x') })).toBe(false);
  });
});
