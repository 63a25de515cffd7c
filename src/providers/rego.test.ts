import { describe, expect, it } from 'vitest';
import { carCatalogue } from '../stock/model/catalogue';
import { vinCheckDigit } from '../stock/model/demo';
import { ProviderUnavailableError } from '../platform/http/outbound';
import {
  autograbRegoLookup,
  demoRegoLookup,
  demoVehicleForRego,
  nevdisRegoLookup,
  normaliseRego,
  normaliseRegoState,
  regoLookupsFromEnv,
  vehicleFromRecord,
} from './rego';

const NOW = Date.parse('2025-06-02T00:00:00Z');

describe('rego format', () => {
  it('takes 1–7 letters and digits once spaces are gone', () => {
    expect(normaliseRego(' abc 123 ')).toBe('ABC123');
    expect(normaliseRego('1')).toBe('1');
    expect(normaliseRego('ABCD1234')).toBeNull();
    expect(normaliseRego('')).toBeNull();
    expect(normaliseRego('AB-123')).toBe('AB123');
    expect(normaliseRego('AB_123')).toBeNull();
    expect(normaliseRego('<b>1</b>')).toBeNull();
    expect(normaliseRego('ÅB123')).toBeNull();
  });

  it('takes an AU state in any case, or empty for NZ', () => {
    expect(normaliseRegoState('nsw')).toBe('NSW');
    expect(normaliseRegoState('')).toBe('');
    expect(normaliseRegoState('NZ')).toBeNull();
    expect(normaliseRegoState('New South Wales')).toBeNull();
  });
});

describe('demo rego lookup', () => {
  it('gives the same catalogue vehicle for the same plate, marked as demo data', () => {
    const first = demoVehicleForRego({ rego: 'abc 123', state: 'qld' }, NOW);
    const again = demoVehicleForRego({ rego: 'ABC123', state: 'QLD' }, NOW);
    expect(first).toEqual(again);
    expect(first?.source).toBe('demo');
    const spec = carCatalogue('AU').find((m) => m.make === first?.make && m.model === first.model);
    expect(spec).toBeDefined();
    expect(first?.year).toBeGreaterThanOrEqual(2025 - 15);
    expect(first?.year).toBeLessThanOrEqual(2025);
  });

  it('gives different plates different vehicles', () => {
    const plates = ['ABC123', 'XYZ987', '1AB2CD', 'QWE456', 'HELLO1', '7', 'ZZZ999', 'MUM1'];
    const cars = new Set(plates.map((rego) => JSON.stringify(demoVehicleForRego({ rego, state: 'NSW' }, NOW))));
    expect(cars.size).toBe(plates.length);
  });

  it('makes a VIN with a valid check digit', () => {
    const vin = demoVehicleForRego({ rego: 'ABC123', state: 'VIC' }, NOW)?.vin ?? '';
    expect(vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
    expect(vin.charAt(8)).toBe(vinCheckDigit(vin));
  });

  it('knows US plates on a US site: the same car for the same state and plate, from the US catalogue', async () => {
    const lookup = demoRegoLookup(() => NOW);
    const car = await lookup({ rego: '8abc123', state: 'ca', market: 'US' });
    expect(car?.source).toBe('demo');
    expect(carCatalogue('US').some((m) => m.make === car?.make && m.model === car.model)).toBe(true);
    await expect(lookup({ rego: '8ABC123', state: 'CA', market: 'US' })).resolves.toEqual(car);
    // Eight characters is a US plate; Washington is a US state there, not Western Australia.
    await expect(lookup({ rego: 'ABCD1234', state: 'WA', market: 'US' })).resolves.toMatchObject({ source: 'demo' });
    const states = new Set(['CA', 'TX', 'NY', 'FL', 'WA'].map((state) => JSON.stringify(demoVehicleForRego({ rego: '8ABC123', state, market: 'US' }, NOW))));
    expect(states.size).toBe(5);
  });

  it('has no car for a US plate without a US state, or a state of another country', async () => {
    const lookup = demoRegoLookup(() => NOW);
    await expect(lookup({ rego: '8ABC123', state: '', market: 'US' })).resolves.toBeNull();
    await expect(lookup({ rego: '8ABC123', state: 'QLD', market: 'US' })).resolves.toBeNull();
    await expect(lookup({ rego: 'ABC123', state: 'CA', market: 'AU' })).resolves.toBeNull();
    await expect(lookup({ rego: 'ABC123', state: 'NSW', market: 'NZ' })).resolves.toBeNull();
  });

  it('keeps giving AU and NZ plates the cars it gave before the region was known', () => {
    expect(demoVehicleForRego({ rego: 'ABC123', state: 'QLD', market: 'AU' }, NOW)).toEqual(demoVehicleForRego({ rego: 'ABC123', state: 'QLD' }, NOW));
    expect(demoVehicleForRego({ rego: 'ABC123', state: '', market: 'NZ' }, NOW)).toEqual(demoVehicleForRego({ rego: 'ABC123', state: '' }, NOW));
  });

  it('draws NZ plates from the NZ catalogue and refuses bad input', async () => {
    expect(demoVehicleForRego({ rego: 'ABC123', state: '' }, NOW)?.source).toBe('demo');
    const lookup = demoRegoLookup(() => NOW);
    await expect(lookup({ rego: 'TOOLONG12', state: 'NSW' })).resolves.toBeNull();
    await expect(lookup({ rego: 'ABC123', state: 'XX' })).resolves.toBeNull();
  });
});

type Answer = () => Response;
function fakeFetch(answer: Answer | Error) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer());
  };
  return { fetch, calls };
}
const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('NEVDIS adapter', () => {
  it('posts the normalised plate and state with the key and reads the vehicle', async () => {
    const { fetch, calls } = fakeFetch(
      json({
        vehicle: {
          make: 'TOYOTA',
          model: 'HILUX',
          year_of_manufacture: '2019',
          variant: 'SR5',
          body_type: 'UTILITY',
          fuel_type: 'DIESEL',
          transmission: 'AUTO',
          vin: 'mr0fb8cd1k0123456',
        },
      }),
    );
    const lookup = nevdisRegoLookup({ url: 'https://nevdis.example/lookup', key: 'k-1', fetch, log: () => undefined });
    await expect(lookup({ rego: 'abc 123', state: 'nsw' })).resolves.toEqual({
      make: 'TOYOTA',
      model: 'HILUX',
      year: 2019,
      variant: 'SR5',
      body: 'UTILITY',
      fuel: 'DIESEL',
      transmission: 'AUTO',
      vin: 'MR0FB8CD1K0123456',
      source: 'nevdis',
    });
    expect(calls[0]?.url).toBe('https://nevdis.example/lookup');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(JSON.parse(calls[0]?.init?.body as string)).toEqual({ plate: 'ABC123', state: 'NSW' });
    expect((calls[0]?.init?.headers as Record<string, string>).Authorization).toBe('Bearer k-1');
  });

  it('answers null for a 404 or an empty vehicle, and never calls for a bad plate', async () => {
    await expect(
      nevdisRegoLookup({ url: 'https://n.example', fetch: fakeFetch(json({ error: 'none' }, 404)).fetch })({ rego: 'A1', state: 'WA' }),
    ).resolves.toBeNull();
    await expect(
      nevdisRegoLookup({ url: 'https://n.example', fetch: fakeFetch(json({ vehicle: null })).fetch })({ rego: 'A1', state: 'WA' }),
    ).resolves.toBeNull();
    const { fetch, calls } = fakeFetch(json({}));
    await expect(nevdisRegoLookup({ url: 'https://n.example', fetch })({ rego: 'A 1 2 3 4 5 6 7', state: 'WA' })).resolves.toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('rejects as unavailable on a server error, no answer or a non-JSON body, and logs it', async () => {
    for (const answer of [json({}, 500), new TypeError('fetch failed'), () => new Response('<html>', { status: 200 })]) {
      const logs: string[] = [];
      const lookup = nevdisRegoLookup({ url: 'https://n.example/x?key=secret', fetch: fakeFetch(answer).fetch, log: (m) => logs.push(m) });
      await expect(lookup({ rego: 'A1', state: 'WA' })).rejects.toBeInstanceOf(ProviderUnavailableError);
      expect(logs).toHaveLength(1);
      expect(logs[0]).not.toContain('secret');
    }
  });
});

describe('AutoGrab adapter', () => {
  it('asks by plate with state and region, and reads the vehicle', async () => {
    const { fetch, calls } = fakeFetch(
      json({ vehicle: { make: 'Mazda', model: 'CX-5', year: 2021, badge: 'Maxx Sport', body_type: 'SUV', fuel: 'Petrol', transmission_type: 'Automatic' } }),
    );
    const lookup = autograbRegoLookup({ url: 'https://api.autograb.example/v2/', key: 'ag', fetch });
    const vehicle = await lookup({ rego: 'xyz 987', state: 'vic' });
    expect(vehicle).toEqual({
      make: 'Mazda',
      model: 'CX-5',
      year: 2021,
      variant: 'Maxx Sport',
      body: 'SUV',
      fuel: 'Petrol',
      transmission: 'Automatic',
      source: 'autograb',
    });
    expect(calls[0]?.url).toBe('https://api.autograb.example/v2/vehicles/registrations/XYZ987?state=VIC&region=au');
    expect((calls[0]?.init?.headers as Record<string, string>).ApiKey).toBe('ag');
  });

  it('asks NZ plates with region nz and no state', async () => {
    const { fetch, calls } = fakeFetch(json({ vehicles: [] }));
    await expect(autograbRegoLookup({ url: 'https://ag.example', fetch })({ rego: 'ABC1', state: '' })).resolves.toBeNull();
    expect(calls[0]?.url).toBe('https://ag.example/vehicles/registrations/ABC1?region=nz');
  });
});

describe('vehicleFromRecord', () => {
  it('cleans hostile text and refuses records without make, model and year', () => {
    const vehicle = vehicleFromRecord({ make: 'Toyota\u0000\u001b[31m', model: '<img src=x onerror=alert(1)>', year: 2020, vin: 'not a vin' }, 'nevdis');
    expect(vehicle?.make).toBe('Toyota[31m');
    // Kept as text: the form renders it as text, so the markup stays inert.
    expect(vehicle?.model).toBe('<img src=x onerror=alert(1)>');
    expect(vehicle).not.toHaveProperty('vin');
    expect(vehicleFromRecord({ make: 'Toyota', model: 'Corolla' }, 'nevdis')).toBeNull();
    expect(vehicleFromRecord({ make: 'Toyota', model: 'Corolla', year: 'last year' }, 'nevdis')).toBeNull();
    expect(vehicleFromRecord({ make: 'x'.repeat(10_000), model: 'Y', year: 2020 }, 'nevdis')?.make).toHaveLength(80);
    expect(vehicleFromRecord([], 'nevdis')).toBeNull();
  });
});

describe('regoLookupsFromEnv', () => {
  it('uses the demo lookup unless a URL is set, and refuses a malformed URL', async () => {
    const offline = regoLookupsFromEnv({}, { now: () => NOW });
    await expect(offline.nevdis({ rego: 'ABC123', state: 'QLD' })).resolves.toMatchObject({ source: 'demo' });
    const { fetch, calls } = fakeFetch(json({ vehicle: { make: 'Kia', model: 'Rio', year: 2018 } }));
    const online = regoLookupsFromEnv({ AUTOGRAB_URL: 'https://ag.example', AUTOGRAB_API_KEY: 'key' }, { fetch });
    await expect(online.autograb({ rego: 'ABC123', state: 'QLD' })).resolves.toMatchObject({ source: 'autograb' });
    await expect(online.nevdis({ rego: 'ABC123', state: 'QLD' })).resolves.toMatchObject({ source: 'demo' });
    expect(calls).toHaveLength(1);
    expect(() => regoLookupsFromEnv({ NEVDIS_URL: 'javascript:alert(1)' })).toThrow(/NEVDIS_URL/);
  });
});
