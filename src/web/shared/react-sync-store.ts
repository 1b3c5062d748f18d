/**
 * `use-sync-external-store/shim` for React 19, which has the hook built in: the shim's own code
 * only picks React's hook when there is one, so @xstate/react and wouter get it directly and the
 * fallback never ships (vite.config.ts aliases the shim here).
 */
export { useSyncExternalStore } from 'react';
