import type { TestTagDefinition } from 'vitest/config';

/**
 * The tags a test may carry, shared by both vitest configurations (vitest refuses an undeclared tag,
 * so a typo cannot silently drop a test from `npm run test:clock`).
 */
export const TEST_TAGS: TestTagDefinition[] = [
  {
    name: 'clock',
    description: 'Takes "today" or a time of day from the machine clock or zone: `npm run test:clock` runs it at instants that cross a date line.',
  },
];
