import { createContext, useContext, useEffect } from 'react';
import type { Layout } from '../../../contract/layouts.ts';

/**
 * The layouts answer once the default layout has it (restored from the page's snapshot, say): the
 * navigation guard reads its exemptions from there instead of asking the API again.
 */
export interface KnownLayout {
  layout: Layout | null;
}

export const KnownLayoutContext = createContext<KnownLayout>({ layout: null });

/** The default layout tells the runtime what it shows. */
export function useReportLayout(layout: Layout | null): void {
  const known = useContext(KnownLayoutContext);
  useEffect(() => {
    if (layout) known.layout = layout;
  }, [known, layout]);
}
