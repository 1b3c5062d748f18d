import { describe, expect, test } from 'vitest';
import { languageSwitchConnect } from '../../machines/runtime/language-switch.connect.ts';
import { languageSwitchMachine } from '../../machines/runtime/language-switch.machine.ts';
import { connectActor } from './connect-helpers.ts';

function start(country: 'SG' | 'TH' | 'AU', language: 'en' | 'zh' | 'th') {
  const reloads: (string | null)[] = [];
  const machine = languageSwitchMachine.provide({ actions: { reloadWithLanguage: (_, { queryLanguage }) => void reloads.push(queryLanguage) } });
  const { actor, send, sent } = connectActor(machine, { country, language });
  return { reloads, sent, view: () => languageSwitchConnect(actor.getSnapshot(), send) };
}

describe('languageSwitchConnect', () => {
  test('offers the country’s languages with the current one marked', () => {
    const { view } = start('TH', 'th');
    expect(view()).toMatchObject({ state: 'idle', busy: false, current: 'th', offersChoice: true });
    expect(view().options).toEqual([
      { language: 'th', current: true },
      { language: 'en', current: false },
    ]);
  });

  test('a country with one language offers no choice', () => {
    expect(start('AU', 'en').view().offersChoice).toBe(false);
  });

  test('select sends language.select: another offered language switches, the current one is refused', () => {
    const { view, sent, reloads } = start('TH', 'th');
    view().select('th');
    expect(view().state).toBe('idle');
    view().select('en');
    expect(sent).toEqual([
      { type: 'language.select', language: 'th' },
      { type: 'language.select', language: 'en' },
    ]);
    expect(view()).toMatchObject({ state: 'switching', busy: true });
    expect(reloads).toEqual(['en']);
  });
});
