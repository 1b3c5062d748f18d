import { createContext, type ComponentType } from 'react';
import type { AddTarget } from './add-target.ts';

export interface AddToBagLiveProps {
  target: AddTarget;
  productName: string;
  /** The press that loaded it already moved the header's count (count-shift.ts): its first add does not again. */
  precounted?: boolean;
}

/**
 * Where the shared "Add to bag" button finds its live part (the bag feature's machine, API and
 * messages): the shell provides it as a lazy component (app.tsx), since shared code imports no
 * feature. Null: no bag here (a lone component under test), the button stays a plain button.
 */
export const AddToBagLiveContext = createContext<ComponentType<AddToBagLiveProps> | null>(null);
