import { describe, expect, it } from 'vitest';
import { loadSavedDetails, saveDetails, savedDetailsKey } from './saved-details';
import { MemoryStorage } from '../../../tests/support/memory-storage';


describe('saved user details', () => {
  it('saves the five fields per site and reads them back', () => {
    const storage = new MemoryStorage();
    saveDetails('kingfisher', { name: ' Jo Citizen ', email: 'jo@example.com', phone: '0412 345 678', message: 'not kept', opt_in: true } as never, storage);
    saveDetails('other', { name: 'Someone Else' }, storage);
    expect(loadSavedDetails('kingfisher', storage)).toEqual({ name: 'Jo Citizen', email: 'jo@example.com', phone: '0412 345 678' });
    expect(loadSavedDetails('other', storage)).toEqual({ name: 'Someone Else' });
    expect(storage.getItem(savedDetailsKey('kingfisher'))).not.toContain('not kept');
  });

  it('keeps earlier fields a later form did not have', () => {
    const storage = new MemoryStorage();
    saveDetails('k', { name: 'Jo', last_name: 'Citizen', postcode: '4000', email: 'old@example.com' }, storage);
    saveDetails('k', { name: 'Jo Citizen', email: 'new@example.com', phone: '' }, storage);
    expect(loadSavedDetails('k', storage)).toEqual({ name: 'Jo Citizen', last_name: 'Citizen', postcode: '4000', email: 'new@example.com' });
  });

  it.each([
    ['not JSON', '{name: Jo'],
    ['JSON null', 'null'],
    ['an array', '["Jo"]'],
    ['a string', '"Jo"'],
    ['a number', '42'],
  ])('reads %s as nothing saved', (_, raw) => {
    const storage = new MemoryStorage();
    storage.setItem(savedDetailsKey('k'), raw);
    expect(loadSavedDetails('k', storage)).toEqual({});
  });

  it('drops fields of the wrong type, oversized values and unknown keys', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      savedDetailsKey('k'),
      JSON.stringify({ name: { first: 'Jo' }, email: ['a@b.co'], phone: 'x'.repeat(5000), postcode: 4000, last_name: 'Citizen', constructor: 'x', __proto__: { polluted: true } }),
    );
    const details = loadSavedDetails('k', storage);
    expect(details).toEqual({ last_name: 'Citizen' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps markup as plain text for the form to show as a value', () => {
    const storage = new MemoryStorage();
    saveDetails('k', { name: '<img src=x onerror=alert(1)>' }, storage);
    expect(loadSavedDetails('k', storage).name).toBe('<img src=x onerror=alert(1)>');
  });

  it('never throws when storage refuses or is missing', () => {
    const storage = new MemoryStorage();
    storage.getItem = () => {
      throw new Error('SecurityError');
    };
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(loadSavedDetails('k', storage)).toEqual({});
    expect(() => saveDetails('k', { name: 'Jo' }, storage)).not.toThrow();
    expect(loadSavedDetails('k', undefined)).toEqual({});
    expect(() => saveDetails('k', { name: 'Jo' }, undefined)).not.toThrow();
  });
});
