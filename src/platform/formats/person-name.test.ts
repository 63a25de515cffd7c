import { describe, expect, it } from 'vitest';
import { isPersonName } from './person-name';

describe('isPersonName', () => {
  it.each([
    'Jane',
    "Mary O'Brien",
    'Mary O’Brien',
    'Anne-Marie Smith',
    'Sam Smith Jr.',
    'Mere Tūhoe',
    'Nguyễn Văn An',
    'Анна',
    '李小龍',
    'e\u0301lise',
    "'t Hooft",
    'ʻIolani',
  ])('takes %j', (name) => {
    expect(isPersonName(name)).toBe(true);
  });

  it.each([
    ['a digit', 'R2D2'],
    ['markup', '<b>Jane</b>'],
    ['an emoji', 'Jane 🙂'],
    ['a tab', 'Jane\tCitizen'],
    ['a line break', 'Jane\nBcc: x@example.com'],
    ['NUL', 'Ja\u0000ne'],
    ['a bidirectional override', 'Jane\u202eenaJ'],
    ['a zero-width joiner', 'Ja\u200dne'],
    ['a combining mark with no letter before it', '\u0301Jane'],
    ['a leading hyphen (a spreadsheet formula sign)', '-Jane'],
    ['a leading full stop', '.Jane'],
    ['punctuation only', "'-."],
    ['nothing', ''],
    ['spaces only (callers trim first)', '   '],
    ['an underscore', 'Jane_Citizen'],
    ['a comma', 'Citizen, Jane'],
    ['a double quote', 'Jane "JC" Citizen'],
  ])('refuses %s', (_why, name) => {
    expect(isPersonName(name)).toBe(false);
  });
});
