import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { ASSISTANT_TOOLS, llmsTxt, serverCard } from './discovery';
import { locationAnswers } from './locations-answer';

const site = testSite();

describe('llmsTxt: what an assistant reads first', () => {
  const text = llmsTxt(site, '2099-12-20');
  it('names the dealer, the agent endpoint and its tools, the stock search and each location with its hours', () => {
    expect(text.startsWith(`# ${site.name}\n\n> ${site.seo.description}\n`)).toBe(true);
    expect(text).toContain('[Agent endpoint](https://www.fixturemotors.example/api/mcp)');
    for (const tool of ASSISTANT_TOOLS) expect(text).toContain(`\`${tool.name}\``);
    expect(text).toContain('[Cars for sale](https://www.fixturemotors.example/');
    expect(text).toMatch(/- \[Fixture Motors - Sales\]\(https:\/\/www\.fixturemotors\.example\/our-location\/[a-z0-9-]+\): sales\. .*Mon/);
  });
  it('keeps a hostile location name from breaking out of its link', () => {
    const hostile = testSite({ locations: [{ ...site.locations[0]!, name: 'Yard](https://evil.example) [x' }] });
    expect(llmsTxt(hostile, '2099-12-20')).not.toContain('](https://evil.example)');
  });
});

describe('serverCard: the endpoint described for discovery', () => {
  it('points at the dealer host endpoint over Streamable HTTP and lists the tools', () => {
    const card = serverCard(site, '2025-11-25');
    expect(card.transport).toEqual({ type: 'streamable-http', endpoint: 'https://www.fixturemotors.example/api/mcp' });
    expect(card.tools.map((tool) => tool.name)).toEqual(ASSISTANT_TOOLS.map((tool) => tool.name));
    expect(card.documentationUrl).toBe('https://www.fixturemotors.example/llms.txt');
  });
});

describe('locationAnswers: the locations as the cards show them', () => {
  it('gives hours rows, holiday hours still to come, and what each location books', () => {
    const [sales] = locationAnswers(site, '2099-12-20');
    expect(sales).toMatchObject({ name: 'Fixture Motors - Sales', kind: 'sales', trading: true, takes_test_drives: true, takes_service_bookings: false });
    expect(sales?.holiday_hours).toEqual([expect.stringMatching(/25 Dec \(Christmas Day\): Closed/)]);
    expect(locationAnswers(site, '2100-01-01')[0]?.holiday_hours).toEqual([]);
  });
  it('leaves out locations the site hides', () => {
    const hidden = testSite({ locations: [{ ...site.locations[0]!, visible: false }] });
    expect(locationAnswers(hidden, '2099-12-20')).toEqual([]);
  });
});
