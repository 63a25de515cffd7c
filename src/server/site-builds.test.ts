import { describe, expect, it } from 'vitest';
import { siteBuildPage, trackSiteBuilds } from './site-builds';

describe('sites served as their builds finish', () => {
  it('serves a dealer as soon as its own build is done, and counts the builds done', () => {
    const builds = trackSiteBuilds(['a', 'b']);
    expect([builds.state('a'), builds.state('b'), builds.state('built-before')]).toEqual(['building', 'building', 'ready']);
    builds.finished('b', true);
    expect([builds.state('a'), builds.state('b')]).toEqual(['building', 'ready']);
    builds.finished('a', false);
    expect(builds.state('a')).toBe('failed');
    expect(builds.progress()).toEqual({ done: 2, total: 2 });
  });

  it('says how far the builds are, reloads while building, and escapes the dealer name', () => {
    const page = siteBuildPage('<b>Bob & Sons</b>', 'building', { done: 1, total: 4 });
    expect(page).toContain('&#60;b&#62;Bob &#38; Sons&#60;/b&#62; is being built');
    expect(page).toContain('1 of 4 sites built so far');
    expect(page).toContain('http-equiv="refresh"');
    expect(page).not.toContain('<b>');
    const failed = siteBuildPage('Bob', 'failed', { done: 4, total: 4 });
    expect(failed).toContain('Bob could not be built');
    expect(failed).not.toContain('refresh');
  });
});
