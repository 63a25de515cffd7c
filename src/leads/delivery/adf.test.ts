import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { dealerFileCopy } from '../../../tests/support/test-site';
import { adfDate, leadToAdf, nameParts } from './adf';
import type { DeliverableLead } from './webhook';

const site = dealerFileCopy('kingfisher-toyota');

/** An element as the assertions walk it: its attributes, child elements and own text. */
interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

/** fast-xml-parser's `preserveOrder` output: an element's name holds its content, `:@` its attributes. */
interface OrderedEntry {
  [name: string]: OrderedEntry[] | string | Record<string, string | boolean> | undefined;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // `<?ADF VERSION "1.0"?>` has words, not name="value" pairs.
  allowBooleanAttributes: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
});

// XMLValidator leaves these to the reader: characters XML 1.0 forbids, and entities it does not define.
const legalChars = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
const undefinedEntity = /&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)/;

const nameOf = (entry: OrderedEntry): string | undefined => Object.keys(entry).find((key) => key !== ':@' && key !== '#text');

function toNode(name: string, entry: OrderedEntry): XmlNode {
  const content = entry[name];
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries(entry[':@'] ?? {})) attributes[key] = String(value);
  const node: XmlNode = { name, attributes, children: [], text: '' };
  for (const child of Array.isArray(content) ? content : []) {
    const text = child['#text'];
    if (typeof text === 'string' && text.trim() !== '') node.text += text;
    const childName = nameOf(child);
    if (childName) node.children.push(toNode(childName, child));
  }
  return node;
}

/**
 * ADF read back with fast-xml-parser, after XMLValidator has found it well-formed: throws on
 * anything else, so a document that parses here is one a CRM can read. Returns the processing
 * instructions as written (`xml version="1.0" …`) and the one root element.
 */
function parseXml(xml: string): { instructions: string[]; root: XmlNode } {
  if (!legalChars.test(xml)) throw new Error('character not allowed in XML 1.0');
  const valid = XMLValidator.validate(xml, { allowBooleanAttributes: true });
  if (valid !== true) throw new Error(`${valid.err.msg} (line ${valid.err.line})`);
  if (undefinedEntity.test(xml)) throw new Error('an entity XML does not define');
  const document: unknown = parser.parse(xml);
  if (!Array.isArray(document)) throw new Error('no document');
  const entries = document as OrderedEntry[];
  const instructions: string[] = [];
  const roots: XmlNode[] = [];
  for (const entry of entries) {
    const name = nameOf(entry);
    const text = entry['#text'];
    if (typeof text === 'string' && text.trim() !== '') throw new Error('text outside the root element');
    if (!name) continue;
    if (name.startsWith('?')) {
      const words = Object.entries(entry[':@'] ?? {}).map(([key, value]) => (value === true ? key : `${key}="${String(value)}"`));
      instructions.push([name.slice(1), ...words].join(' '));
    } else roots.push(toNode(name, entry));
  }
  const [root, ...more] = roots;
  if (!root) throw new Error('no root element');
  if (more.length > 0) throw new Error('two root elements');
  return { instructions, root };
}

const find = (node: XmlNode, ...names: string[]): XmlNode[] => {
  let level = [node];
  for (const name of names) level = level.flatMap((n) => n.children.filter((c) => c.name === name));
  return level;
};
const textOf = (node: XmlNode, ...names: string[]): string | undefined => find(node, ...names)[0]?.text;

function makeLead(overrides: Partial<DeliverableLead> = {}): DeliverableLead {
  return {
    id: 'b7d8f4a2-0c1e-4f55-9a77-2f7f0c3b9e10',
    dealer: 'kingfisher-toyota',
    form: 'enquiry',
    category: 'used-vehicle-enquiry',
    status: 'Complete',
    data: {
      name: 'Jane Citizen',
      email: 'jane@example.com',
      phone: '0412 345 678',
      postcode: '4506',
      message: 'Is it still available?',
      car_id: '5501',
      location_id: 31002,
    },
    consent: { opt_in: true, wording: 'Keep me up to date with offers and news', at: '2025-11-21T00:00:00.000Z' },
    created_at: new Date('2025-11-21T00:00:00Z'),
    completed_at: null,
    ...overrides,
  };
}

describe('adfDate', () => {
  it('writes local time with the offset of the dealer time zone', () => {
    expect(adfDate(new Date('2025-11-21T00:00:00Z'), 'Australia/Brisbane')).toBe('2025-11-21T10:00:00+10:00');
    expect(adfDate(new Date('2025-07-04T18:30:05Z'), 'America/New_York')).toBe('2025-07-04T14:30:05-04:00');
    expect(adfDate(new Date('2025-07-04T18:30:05Z'), 'UTC')).toBe('2025-07-04T18:30:05+00:00');
  });
});

describe('nameParts', () => {
  it('uses first and last name fields, else splits the full name at the first space', () => {
    expect(nameParts({ first_name: 'Ana', last_name: 'Lee', name: 'ignored' })).toEqual({ first: 'Ana', middle: '', last: 'Lee' });
    expect(nameParts({ name: '  Jane   van der Berg ' })).toEqual({ first: 'Jane', middle: '', last: 'van der Berg' });
    expect(nameParts({ name: 'Cher' })).toEqual({ first: 'Cher', middle: '', last: '' });
  });
});

describe('leadToAdf', () => {
  it('writes the ADF 1.0 header, prospect, customer, vendor and provider', () => {
    const xml = leadToAdf(makeLead(), site, {
      vehicle: {
        id: 5501,
        name: '2021 Toyota RAV4 GX',
        year: 2021,
        make: 'Toyota',
        model: 'RAV4',
        variant: 'GX',
        vin: 'JTMW1RFV10D012345',
        stocknum: 'U1234',
        car_type: 'used',
        price: 32990,
        km: 45000,
        colour: 'White',
      },
    });
    const { instructions, root } = parseXml(xml);
    expect(instructions).toEqual(['xml version="1.0" encoding="UTF-8"', 'ADF VERSION "1.0"']);
    expect(root.name).toBe('adf');
    const [prospect] = find(root, 'prospect');
    if (!prospect) throw new Error('no prospect');
    expect(textOf(prospect, 'id')).toBe('b7d8f4a2-0c1e-4f55-9a77-2f7f0c3b9e10');
    expect(textOf(prospect, 'requestdate')).toBe('2025-11-21T10:00:00+10:00');
    const [car] = find(prospect, 'vehicle');
    expect(car?.attributes).toEqual({ interest: 'buy', status: 'used' });
    expect(car && [textOf(car, 'year'), textOf(car, 'make'), textOf(car, 'model'), textOf(car, 'vin'), textOf(car, 'stock'), textOf(car, 'id')]).toEqual([
      '2021',
      'Toyota',
      'RAV4',
      'JTMW1RFV10D012345',
      'U1234',
      '5501',
    ]);
    expect(car && find(car, 'price')[0]?.attributes).toEqual({ type: 'asking', currency: 'AUD' });
    const names = find(prospect, 'customer', 'contact', 'name').map((n) => [n.attributes.part, n.text]);
    expect(names).toEqual([
      ['first', 'Jane'],
      ['last', 'Citizen'],
    ]);
    expect(textOf(prospect, 'customer', 'contact', 'email')).toBe('jane@example.com');
    expect(textOf(prospect, 'customer', 'contact', 'phone')).toBe('0412 345 678');
    expect(textOf(prospect, 'customer', 'contact', 'address', 'postalcode')).toBe('4506');
    const comments = textOf(prospect, 'customer', 'comments') ?? '';
    expect(comments.split('\n')[0]).toBe('Is it still available?');
    expect(comments).toContain('Category: used-vehicle-enquiry');
    expect(comments).toContain('Opt-in: Yes ("Keep me up to date with offers and news")');
    expect(textOf(prospect, 'vendor', 'vendorname')).toBe('Kingfisher Toyota');
    expect(textOf(prospect, 'vendor', 'contact', 'name')).toBe('Kingfisher Toyota - Service');
    expect(textOf(prospect, 'vendor', 'contact', 'email')).toBe('service@kingfishertoyota.example');
    expect(textOf(prospect, 'vendor', 'contact', 'address', 'postalcode')).toBe('4510');
    expect(textOf(prospect, 'provider', 'name')).toBe('Dealer Sites');
    expect(find(prospect).flatMap((p) => p.children.map((c) => c.name))).toEqual(['id', 'requestdate', 'vehicle', 'customer', 'vendor', 'provider']);
  });

  it("says a lead from a shopper's AI assistant came from there, not from the website form", () => {
    const website = parseXml(leadToAdf(makeLead(), site)).root;
    expect(find(website, 'prospect', 'id')[0]?.attributes.source).toBe('Kingfisher Toyota website');
    expect(textOf(website, 'prospect', 'provider', 'service')).toBe('Kingfisher Toyota website lead form');
    const assistant = parseXml(leadToAdf(makeLead({ data: { ...makeLead().data, source: 'AI assistant' } }), site)).root;
    expect(find(assistant, 'prospect', 'id')[0]?.attributes.source).toBe('Kingfisher Toyota AI assistant');
    expect(textOf(assistant, 'prospect', 'provider', 'service')).toBe("Kingfisher Toyota agent endpoint (a shopper's AI assistant)");
  });

  it('has no vehicle for a general enquiry, and a stock id note when the car has left stock', () => {
    const general = parseXml(leadToAdf(makeLead({ category: 'General Enquiry', data: { name: 'Jo Bloggs', email: 'jo@example.com' } }), site)).root;
    expect(find(general, 'prospect', 'vehicle')).toEqual([]);
    const gone = parseXml(leadToAdf(makeLead(), site)).root;
    const [car] = find(gone, 'prospect', 'vehicle');
    expect(car?.attributes).toEqual({ interest: 'buy' });
    expect(car && textOf(car, 'comments')).toBe('Stock id 5501 (not in the current stock)');
  });

  it('writes the trade_in form car as interest="trade-in" beside the car enquired about', () => {
    const lead = makeLead({
      form: 'trade_in',
      category: 'trade-in',
      data: {
        first_name: 'Sam',
        last_name: 'Ng',
        email: 's@example.com',
        phone: '0400000000',
        postcode: '4000',
        rego: 'ABC123',
        regoState: 'QLD',
        make: 'Mazda',
        model: 'CX-5',
        year: 2018,
        km: 88000,
        variant: 'Maxx',
        car_id: '5501',
        adjustmentAnswers: { two_sets_of_keys: true, condition: 'Good' },
      },
    });
    const { root } = parseXml(leadToAdf(lead, site));
    const vehicles = find(root, 'prospect', 'vehicle');
    expect(vehicles.map((v) => v.attributes.interest)).toEqual(['buy', 'trade-in']);
    const trade = vehicles[1] as XmlNode;
    expect([textOf(trade, 'year'), textOf(trade, 'make'), textOf(trade, 'model'), textOf(trade, 'trim'), textOf(trade, 'odometer')]).toEqual([
      '2018',
      'Mazda',
      'CX-5',
      'Maxx',
      '88000',
    ]);
    expect(find(trade, 'odometer')[0]?.attributes).toEqual({ status: 'original', units: 'km' });
    expect(textOf(trade, 'comments')).toBe('Rego: ABC123 (QLD)\nTwo sets of keys: Yes; Condition: Good');
    expect(textOf(root, 'prospect', 'customer', 'comments')).not.toContain('Mazda');
  });

  it('says how many car photos came with a trade-in, of what kinds, and that they stay on the server by id', () => {
    const lead = makeLead({ form: 'trade_in', category: 'sell-my-car', data: { first_name: 'Sam', rego: 'ABC123', make: 'Mazda', model: 'CX-5', year: 2018 } });
    const files = [
      { id: 'f-1', field: 'vehicle_photos', content_type: 'image/jpeg', size: 1000 },
      { id: 'f-2', field: 'vehicle_photos', content_type: 'image/png', size: 2000 },
      { id: 'f-3', field: 'vehicle_photos', content_type: 'image/jpeg', size: 3000 },
    ];
    const comments = textOf(parseXml(leadToAdf(lead, site, { files })).root, 'prospect', 'customer', 'comments') ?? '';
    expect(comments.split('\n')).toContain("Photos of the car: 3 files (JPEG, PNG), kept with the lead on the website's server; file ids f-1, f-2, f-3");
    expect(textOf(parseXml(leadToAdf(lead, site)).root, 'prospect', 'customer', 'comments')).not.toContain('Photos');
  });

  it('gives each file its download link, and says until when the links open', () => {
    const lead = makeLead({ form: 'trade_in', category: 'sell-my-car', data: { first_name: 'Sam', rego: 'ABC123', make: 'Mazda', model: 'CX-5', year: 2018 } });
    const link = (id: string) => `https://www.kingfishertoyota.example/api/leads/${lead.id}/files/${id}?key=1766372400.abc`;
    const expires = new Date(1766372400 * 1000).toISOString();
    const files = [
      { id: 'f-1', field: 'vehicle_photos', content_type: 'image/jpeg', size: 1000, url: link('f-1'), url_expires_at: expires },
      { id: 'f-2', field: 'vehicle_photos', content_type: 'image/png', size: 2000, url: link('f-2'), url_expires_at: expires },
      { id: 'l-1', field: 'drivers_licence', content_type: 'application/pdf', size: 3000, url: link('l-1'), url_expires_at: expires },
    ];
    const xml = leadToAdf(lead, site, { files });
    const lines = (textOf(parseXml(xml).root, 'prospect', 'customer', 'comments') ?? '').split('\n');
    expect(lines).toContain("Photos of the car: 2 files (JPEG, PNG), kept with the lead on the website's server; file ids f-1, f-2");
    const from = lines.findIndex((l) => l.startsWith('Download the files'));
    expect(lines[from]).toBe(
      `Download the files (each link opens its file until ${adfDate(new Date(expires), site.time_zone)}; anyone holding a link can open it, so keep them to the team):`,
    );
    expect(lines.slice(from + 1, from + 4)).toEqual([
      `Photos of the car 1 of 2 (JPEG): ${link('f-1')}`,
      `Photos of the car 2 of 2 (PNG): ${link('f-2')}`,
      `Driver's licence 1 of 1 (PDF): ${link('l-1')}`,
    ]);
    // The & between the link's parameters is escaped in the XML, and reads back as it was.
    expect(xml).toContain(`files/f-1?key=1766372400.abc`);
  });

  it('gives a US trade-in its odometer in the miles the lead records, under "License plate"', () => {
    const us = dealerFileCopy('lone-star-auto');
    const lead = makeLead({
      form: 'trade_in',
      category: 'trade-in',
      data: {
        first_name: 'Sam',
        last_name: 'Ng',
        email: 's@example.com',
        rego: 'ABC1234',
        regoState: 'TX',
        make: 'Ford',
        model: 'F-150',
        year: 2019,
        km: 60000,
        odometer_units: 'miles',
      },
    });
    const { root } = parseXml(leadToAdf(lead, us));
    const [trade] = find(root, 'prospect', 'vehicle').filter((v) => v.attributes.interest === 'trade-in');
    expect(trade && find(trade, 'odometer')[0]).toMatchObject({ text: '60000', attributes: { status: 'original', units: 'mi' } });
    expect(trade && textOf(trade, 'comments')).toBe('License plate: ABC1234 (TX)');
    expect(textOf(root, 'prospect', 'customer', 'comments')).not.toContain('miles');
    // A reading taken before the lead recorded units was asked in km, whatever the site's units.
    const older = parseXml(leadToAdf(makeLead({ form: 'trade_in', category: 'trade-in', data: { ...lead.data, odometer_units: undefined } }), us)).root;
    expect(find(older, 'prospect', 'vehicle', 'odometer')[0]?.attributes.units).toBe('km');
  });

  it("gives a US site's car being bought its stock odometer in miles, as the site shows it", () => {
    const us = dealerFileCopy('lone-star-auto');
    const vehicle = { id: 77, name: '2019 Ford F-150 XLT', year: 2019, make: 'Ford', model: 'F-150', car_type: 'used', km: 100000 };
    const { root } = parseXml(leadToAdf(makeLead({ data: { name: 'Sam Ng', email: 's@example.com', car_id: 77 } }), us, { vehicle }));
    const [car] = find(root, 'prospect', 'vehicle').filter((v) => v.attributes.interest === 'buy');
    expect(car && find(car, 'odometer')[0]).toMatchObject({ text: '62137', attributes: { status: 'original', units: 'mi' } });
    const au = parseXml(leadToAdf(makeLead({ data: { name: 'Sam Ng', email: 's@example.com', car_id: 77 } }), site, { vehicle })).root;
    expect(find(au, 'prospect', 'vehicle', 'odometer')[0]).toMatchObject({ text: '100000', attributes: { units: 'km' } });
  });

  it('takes a finance trade-in from the trade_in_* fields, and none when there is no trade-in', () => {
    const data = {
      first_name: 'Al',
      last_name: 'Ko',
      email: 'a@example.com',
      phone: '0400000000',
      has_trade_in: true,
      trade_in_make: 'Ford',
      trade_in_model: 'Ranger',
      trade_in_year: '2015',
      trade_in_km: '150000',
      vehiclePriceBudget: 40000,
    };
    const withTrade = parseXml(leadToAdf(makeLead({ form: 'finance', category: 'finance-pre-approval', data }), site)).root;
    const [trade] = find(withTrade, 'prospect', 'vehicle');
    expect(trade?.attributes.interest).toBe('trade-in');
    expect(trade && textOf(trade, 'make')).toBe('Ford');
    expect(textOf(withTrade, 'prospect', 'customer', 'comments')).toContain('Vehicle price budget: 40000');
    const without = parseXml(leadToAdf(makeLead({ form: 'finance', category: 'finance-pre-approval', data: { ...data, has_trade_in: false } }), site)).root;
    expect(find(without, 'prospect', 'vehicle')).toEqual([]);
  });

  it('stays well-formed and returns hostile text intact (minus illegal characters)', () => {
    const hostile = `</comments></customer><customer>]]><![CDATA[x]]>&amp;<!-- --><?php ?>"'\u0000\u0007\uFFFE&#0;`;
    const data = {
      first_name: hostile,
      last_name: 'Evil',
      email: `x${hostile}@example.com`,
      phone: hostile,
      postcode: hostile,
      message: hostile,
      location_id: hostile,
      [`weird<key>&"`]: hostile,
    };
    const xml = leadToAdf(makeLead({ data, category: hostile }), site);
    expect(xml).not.toContain('<![CDATA');
    expect(xml).not.toContain('<?php');
    expect(xml).not.toMatch(/<\/comments><\/customer><customer>/);
    const { root } = parseXml(xml);
    const clean = hostile.replace(/\p{Cc}|\uFFFE/gu, '');
    expect(textOf(root, 'prospect', 'customer', 'contact', 'name')).toBe(clean);
    expect(textOf(root, 'prospect', 'customer', 'contact', 'phone')).toBe(clean);
    expect(textOf(root, 'prospect', 'customer', 'comments')?.split('\n')[0]).toBe(clean);
    expect(find(root, 'prospect', 'customer')).toHaveLength(1);
  });

  it('parses for any text in any field', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('name', 'first_name', 'last_name', 'email', 'phone', 'postcode', 'message', 'notes', 'car_id', 'rego', 'make', 'other'),
          fc.string({ unit: 'binary' }),
        ),
        fc.constantFrom('enquiry', 'trade_in', 'finance', 'service'),
        (data, form) => {
          expect(() => parseXml(leadToAdf(makeLead({ form, data }), site))).not.toThrow();
        },
      ),
    );
  });
});
