import { describe, expect, it } from 'vitest';
import { checksPanel, PANEL_ID, waitingPage, withChecksPanel } from './checks-panel';

const checks = (errors: string[], warnings: string[] = []) => ({ file: 'dealers/acme.json', checkedAt: 0, errors, warnings });

describe('checksPanel', () => {
  it('says nothing when the checks found nothing', () => {
    expect(checksPanel(checks([]))).toBe('');
  });

  it('is an alert naming the file and each problem when the file fails', () => {
    const html = checksPanel(checks(['dealers/acme.json is not a valid dealer file:\n  - name: expected text'], ['warn acme: odd link']));
    expect(html).toContain(`id="${PANEL_ID}"`);
    expect(html).toContain('role="alert"');
    expect(html).toContain('dealers/acme.json has a problem: this page shows the last version that passed');
    expect(html).toContain('- name: expected text');
    expect(html).toContain('warn acme: odd link');
  });

  it('is a status, not an alert, with warnings only', () => {
    const html = checksPanel(checks([], ['warn acme: a', 'warn acme: b']));
    expect(html).toContain('role="status"');
    expect(html).toContain('2 warnings');
  });

  it('shows markup in a message as text', () => {
    const html = checksPanel(checks(['name: "<img src=x onerror=alert(1)>" & <script>alert(2)</script>']));
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain('&#38;');
  });
});

describe('withChecksPanel', () => {
  it('puts the panel last in the body', () => {
    expect(withChecksPanel('<html><body><p>x</p></body></html>', '<aside></aside>')).toBe('<html><body><p>x</p><aside></aside></body></html>');
    expect(withChecksPanel('<p>x</p>', '<aside></aside>')).toBe('<p>x</p><aside></aside>');
    expect(withChecksPanel('<body></body>', '')).toBe('<body></body>');
  });
});

describe('waitingPage', () => {
  it('says no version has passed yet, with the problems, and loads the reload client', () => {
    const html = waitingPage(checks(['bad <b>']));
    expect(html).toContain('No version of dealers/acme.json has passed its checks yet');
    expect(html).toContain('bad &#60;b&#62;');
    expect(html).not.toContain('last version that passed');
    expect(html).toContain('role="alert"');
  });
});
