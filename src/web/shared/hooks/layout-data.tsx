import { createContext, useContext } from 'react';
import type { Layout } from '../../../contract/layouts.ts';
import type { ResourceView } from './use-resource.ts';

/** The layouts answer, loaded once by the default layout and read by screens (home's category links). */
export const LayoutDataContext = createContext<ResourceView<Layout>>({ status: 'loading' });

export function useLayoutData(): ResourceView<Layout> {
  return useContext(LayoutDataContext);
}
