/** The little of the PO format the i18n check needs: message ids and whether each has a translation. */
export interface PoEntry {
  id: string;
  str: string;
  obsolete: boolean;
}

function unquote(line: string): string {
  return JSON.parse(line.trim()) as string;
}

export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let current: { id: string[]; str: string[]; obsolete: boolean; field: 'id' | 'str' | null } | null = null;
  const flush = () => {
    if (current && current.field) entries.push({ id: current.id.join(''), str: current.str.join(''), obsolete: current.obsolete });
    current = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    const obsolete = raw.startsWith('#~ ');
    const line = obsolete ? raw.slice(3) : raw;
    if (line.startsWith('msgid ')) {
      flush();
      current = { id: [unquote(line.slice(6))], str: [], obsolete, field: 'id' };
    } else if (line.startsWith('msgstr ') && current) {
      current.str.push(unquote(line.slice(7)));
      current.field = 'str';
    } else if (line.startsWith('"') && current?.field) {
      current[current.field].push(unquote(line));
    } else if (line.trim() === '') {
      flush();
    }
  }
  flush();
  return entries;
}

/** Ids of live messages whose msgstr is empty; the header entry (empty msgid) does not count. */
export function findUntranslated(text: string): { total: number; untranslated: string[] } {
  const live = parsePo(text).filter((entry) => entry.id !== '' && !entry.obsolete);
  return { total: live.length, untranslated: live.filter((entry) => entry.str.trim() === '').map((entry) => entry.id) };
}
