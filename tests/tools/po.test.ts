import { describe, expect, it } from 'vitest';
import { findUntranslated, parsePo } from './po.ts';

const sample = `msgid ""
msgstr ""
"Language: th\\n"

#: src/web/a.tsx:1
msgid "Show More"
msgstr "แสดงเพิ่มเติม"

msgid "Sorry, no products found!"
msgstr ""

msgid ""
"Multi "
"line"
msgstr ""
"หลาย"
"บรรทัด"

#~ msgid "Old"
#~ msgstr ""
`;

describe('po parsing for the translation check', () => {
  it('reads single-line and multi-line entries', () => {
    const entries = parsePo(sample);
    expect(entries.map((e) => e.id)).toEqual(['', 'Show More', 'Sorry, no products found!', 'Multi line', 'Old']);
    expect(entries[3]?.str).toBe('หลายบรรทัด');
  });

  it('reports live messages without a translation, not the header nor obsolete ones', () => {
    expect(findUntranslated(sample)).toEqual({ total: 3, untranslated: ['Sorry, no products found!'] });
  });
});
