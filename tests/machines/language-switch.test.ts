import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import type { CountryCode, LanguageCode } from '../../src/config/countries.ts';
import { languageSwitchMachine, type ReloadWithLanguageParams } from '../../machines/runtime/language-switch.machine.ts';
import { languageSwitchModel } from '../../machines/runtime/language-switch.model.ts';
import { coverage } from '../../machines/model/graph.ts';
import { languageReloadUrl } from '../../src/web/shared/site/language-reload.ts';

function start(country: CountryCode, language: LanguageCode) {
  const effects: string[] = [];
  const reloads: ReloadWithLanguageParams[] = [];
  const actor = createActor(
    languageSwitchMachine.provide({
      actions: {
        storeLanguageCookie: (_, lang) => void effects.push(`cookie:${lang}`),
        reloadWithLanguage: (_, params) => {
          effects.push('reload');
          reloads.push(params);
        },
      },
    }),
    { input: { country, language } },
  ).start();
  return { actor, effects, reloads };
}

describe('languageSwitch machine', () => {
  test('idle → switching: stores the cookie, then reloads with ?language= for a non-default language', () => {
    const { actor, effects, reloads } = start('HK', 'en');
    actor.send({ type: 'language.select', language: 'zh' });
    expect(actor.getSnapshot().value).toBe('switching');
    expect(effects).toEqual(['cookie:zh', 'reload']);
    expect(reloads).toEqual([{ language: 'zh', queryLanguage: 'zh' }]);
  });

  test("the country's default language reloads without the parameter", () => {
    const { actor, reloads } = start('TH', 'en');
    actor.send({ type: 'language.select', language: 'th' });
    expect(reloads).toEqual([{ language: 'th', queryLanguage: null }]);
  });

  test('a language the country does not offer, or the current one, is refused', () => {
    const { actor, effects } = start('HK', 'en');
    expect(actor.getSnapshot().can({ type: 'language.select', language: 'th' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'language.select', language: 'en' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'language.select', language: 'zh' })).toBe(true);
    actor.send({ type: 'language.select', language: 'th' });
    actor.send({ type: 'language.select', language: 'en' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(effects).toEqual([]);
    expect(start('SG', 'en').actor.getSnapshot().can({ type: 'language.select', language: 'zh' })).toBe(false);
  });

  test('while switching, further choices are ignored', () => {
    const { actor, effects } = start('ID', 'id');
    actor.send({ type: 'language.select', language: 'en' });
    expect(actor.getSnapshot().can({ type: 'language.select', language: 'id' })).toBe(false);
    actor.send({ type: 'language.select', language: 'id' });
    expect(effects).toEqual(['cookie:en', 'reload']);
  });

  test('the model reaches every state and transition', () => {
    const result = coverage(languageSwitchModel);
    expect(result.states.missing).toEqual([]);
    expect(result.transitions.missing).toEqual([]);
  });
});

describe('languageReloadUrl', () => {
  test('keeps path, other parameters and hash; replaces the site parameters', () => {
    const current = new URL('http://shop.test/categories/makeup?sort=price&language_code=en&country_code=hk#grid');
    expect(languageReloadUrl(current, 'zh')).toBe('/categories/makeup?sort=price&language=zh#grid');
    expect(languageReloadUrl(current, null)).toBe('/categories/makeup?sort=price#grid');
  });
});
