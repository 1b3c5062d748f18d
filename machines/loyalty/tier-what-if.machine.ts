import { assign, setup } from 'xstate';
import type { TierInput } from './tier.machine.ts';
import { whatIfIssues, whatIfOutcome, type WhatIfIssue, type WhatIfOutcome } from './tier-what-if.rules.ts';

export interface TierWhatIfContext {
  base: TierInput;
  /** As typed. */
  amount: string;
  /** `YYYY-MM-DD`; the year end at first. */
  date: string;
  issues: WhatIfIssue[];
  outcome: WhatIfOutcome | null;
}

export type TierWhatIfEvent =
  | { type: 'whatIf.setAmount'; value: string }
  | { type: 'whatIf.setDate'; value: string }
  | { type: 'whatIf.submit' }
  /** Back to the question with the first values. */
  | { type: 'whatIf.clear' };

const edits = {
  'whatIf.setAmount': { target: '#tierWhatIf.editing', actions: { type: 'setAmount', params: ({ event }: { event: { value: string } }) => event.value } },
  'whatIf.setDate': { target: '#tierWhatIf.editing', actions: { type: 'setDate', params: ({ event }: { event: { value: string } }) => event.value } },
} as const;

const submit = [{ guard: 'answerable', target: '#tierWhatIf.answered', actions: 'answer' }, { target: '#tierWhatIf.invalid', actions: 'noteIssues' }] as const;

/**
 * "If I spend X by date D" on the tier panel (issue 15): the member asks, and the answer is the
 * message and tier a fresh snapshot of the same tier machine gives for the status with X added to
 * the spend and D as today (tier-what-if.rules.ts). It changes nothing. D is limited to today up
 * to the year end (once the year is over, in a failed renewal's notice period, no day is: the view
 * does not offer the question, `whatIfRange`).
 * Editing a value takes the shown answer or the marked mistakes away until it is asked again.
 */
export const tierWhatIfMachine = setup({
  types: {
    context: {} as TierWhatIfContext,
    events: {} as TierWhatIfEvent,
    input: {} as TierInput,
    tags: {} as 'answered' | 'invalid',
  },
  guards: {
    answerable: ({ context }) => whatIfIssues(context.base, context.amount, context.date).length === 0,
  },
  actions: {
    setAmount: assign((_, amount: string) => ({ amount, issues: [], outcome: null })),
    setDate: assign((_, date: string) => ({ date, issues: [], outcome: null })),
    noteIssues: assign(({ context }) => ({ issues: whatIfIssues(context.base, context.amount, context.date), outcome: null })),
    answer: assign(({ context }) => ({ issues: [], outcome: whatIfOutcome(context.base, Number(context.amount.trim()), context.date) })),
    reset: assign(({ context }) => ({ amount: '', date: context.base.status.yearEnd, issues: [], outcome: null })),
  },
}).createMachine({
  id: 'tierWhatIf',
  context: ({ input }) => ({ base: input, amount: '', date: input.status.yearEnd, issues: [], outcome: null }),
  initial: 'editing',
  states: {
    editing: { on: { ...edits, 'whatIf.submit': submit } },
    // Asking again unchanged would find the same mistakes: only an edit moves on.
    invalid: { tags: ['invalid'], on: edits },
    answered: { tags: ['answered'], on: { ...edits, 'whatIf.clear': { target: 'editing', actions: 'reset' } } },
  },
});
