import { cleanTestStorage, getTestStorage, setPersistentEngine, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSavedDetails, saveDetails, savedDetails, savedDetailsKey, savedFirstAndLastName, savedFullName } from './saved-details';

// @nanostores/persistent's stand-in for localStorage; setTestStorageKey writes as another tab would.
beforeEach(() => {
  useTestStorageEngine();
});
afterEach(() => {
  cleanTestStorage();
});

describe('saved user details', () => {
  it('saves the five fields per site and reads them back', () => {
    saveDetails('kingfisher', { name: ' Jo Citizen ', email: 'jo@example.com', phone: '0412 345 678', message: 'not kept', opt_in: true } as never);
    saveDetails('other', { name: 'Someone Else' });
    expect(loadSavedDetails('kingfisher')).toEqual({ name: 'Jo Citizen', email: 'jo@example.com', phone: '0412 345 678' });
    expect(loadSavedDetails('other')).toEqual({ name: 'Someone Else' });
    expect(getTestStorage()[savedDetailsKey('kingfisher')]).not.toContain('not kept');
  });

  it('keeps earlier fields a later form did not have', () => {
    saveDetails('k', { name: 'Jo', last_name: 'Citizen', postcode: '4000', email: 'old@example.com' });
    saveDetails('k', { email: 'new@example.com', phone: '' });
    expect(loadSavedDetails('k')).toEqual({ name: 'Jo', last_name: 'Citizen', postcode: '4000', email: 'new@example.com' });
  });

  it('lets a full name from a single-name form replace an earlier first and last name', () => {
    saveDetails('k', { name: 'Jo', last_name: 'Citizen', postcode: '4000' });
    saveDetails('k', { name: 'Sam Smith', email: 'sam@example.com' });
    expect(loadSavedDetails('k')).toEqual({ name: 'Sam Smith', postcode: '4000', email: 'sam@example.com' });
    expect(savedFirstAndLastName(loadSavedDetails('k'))).toEqual({ first_name: 'Sam', last_name: 'Smith' });
  });

  it('prefills first and last name apart after a contact form took "Jo Bloggs"', () => {
    saveDetails('k', { name: 'Jo Bloggs', email: 'jo@example.com' });
    expect(savedFirstAndLastName(loadSavedDetails('k'))).toEqual({ first_name: 'Jo', last_name: 'Bloggs' });
  });

  it.each([
    [{ name: 'Mary Anne Smith' }, { first_name: 'Mary Anne', last_name: 'Smith' }],
    [{ name: 'Jo' }, { first_name: 'Jo' }],
    [
      { name: 'Jo', last_name: 'Bloggs' },
      { first_name: 'Jo', last_name: 'Bloggs' },
    ],
    [
      { name: 'Jo Bloggs', last_name: 'Bloggs' },
      { first_name: 'Jo', last_name: 'Bloggs' },
    ],
    [{ last_name: 'Bloggs' }, { last_name: 'Bloggs' }],
    [{}, {}],
  ])('splits saved %j into %j', (saved, expected) => {
    expect(savedFirstAndLastName(saved)).toEqual(expected);
  });

  it.each([
    [{ name: 'Jo', last_name: 'Bloggs' }, 'Jo Bloggs'],
    [{ name: 'Jo Bloggs', last_name: 'Bloggs' }, 'Jo Bloggs'],
    [{ name: 'Jo Bloggs' }, 'Jo Bloggs'],
    [{ last_name: 'Bloggs' }, 'Bloggs'],
    [{}, undefined],
  ])('gives a single-name form saved %j as %j', (saved, expected) => {
    expect(savedFullName(saved)).toBe(expected);
  });

  it('keeps the key and JSON earlier visits wrote, so a returning shopper is prefilled', () => {
    setTestStorageKey(savedDetailsKey('returning'), '{"name":"Jo","email":"jo@example.com"}');
    expect(loadSavedDetails('returning')).toEqual({ name: 'Jo', email: 'jo@example.com' });
    saveDetails('returning', { phone: '0412 345 678' });
    expect(getTestStorage()[savedDetailsKey('returning')]).toBe('{"name":"Jo","email":"jo@example.com","phone":"0412 345 678"}');
  });

  it('is one store the islands and scripts share, following saves made in another tab', () => {
    const seen: string[] = [];
    const stop = savedDetails('shared').listen((details) => seen.push(details.name ?? ''));
    saveDetails('shared', { name: 'Jo' });
    setTestStorageKey(savedDetailsKey('shared'), '{"name":"Sam"}');
    stop();
    expect(seen).toEqual(['Jo', 'Sam']);
  });

  it.each([
    ['not JSON', '{name: Jo'],
    ['JSON null', 'null'],
    ['an array', '["Jo"]'],
    ['a string', '"Jo"'],
    ['a number', '42'],
  ])('reads %s as nothing saved', (_, raw) => {
    setTestStorageKey(savedDetailsKey('k'), raw);
    expect(loadSavedDetails('k')).toEqual({});
  });

  it('drops fields of the wrong type, oversized values and unknown keys', () => {
    setTestStorageKey(
      savedDetailsKey('k'),
      JSON.stringify({
        name: { first: 'Jo' },
        email: ['a@b.co'],
        phone: 'x'.repeat(5000),
        postcode: 4000,
        last_name: 'Citizen',
        constructor: 'x',
        __proto__: { polluted: true },
      }),
    );
    const details = loadSavedDetails('k');
    expect(details).toEqual({ last_name: 'Citizen' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps markup as plain text for the form to show as a value', () => {
    saveDetails('k', { name: '<img src=x onerror=alert(1)>' });
    expect(loadSavedDetails('k').name).toBe('<img src=x onerror=alert(1)>');
  });

  it('never throws when storage refuses or is missing', () => {
    const refuse = (): never => {
      throw new Error('SecurityError');
    };
    const events = { addEventListener: () => undefined, removeEventListener: () => undefined };
    setPersistentEngine(new Proxy<Record<string, string>>({}, { get: refuse, set: refuse, has: refuse, deleteProperty: refuse }), events);
    expect(loadSavedDetails('refusing')).toEqual({});
    expect(() => saveDetails('refusing', { name: 'Jo' })).not.toThrow();
    // No localStorage at all (a sandboxed frame): @nanostores/persistent keeps to memory.
    setPersistentEngine({}, events);
    expect(loadSavedDetails('missing')).toEqual({});
    expect(() => saveDetails('missing', { name: 'Jo' })).not.toThrow();
  });
});
