/**
 * One sales yard with plain weekly hours, for tests that count time in opening hours (a lead's
 * response promise, its escalation): Monday to Friday 8:00–18:00, Saturday 8:00–12:00, Sunday
 * closed, addressed in Sydney.
 */
import type { DealerConfigInput } from '../../src/platform/config/schema';

export const showroom: DealerConfigInput['locations'][number] = {
  id: 1,
  name: 'Fixture Motors',
  slug: 'sales',
  primary: true,
  address: { street: '1 Test St', city: 'Sydney', state: 'NSW', postcode: '2000' },
  contact_detail: {
    opening_hours: [
      ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open' as const, open: '08:00', close: '18:00' })),
      { weekday: 6, status: 'Open' as const, open: '08:00', close: '12:00' },
      { weekday: 0, status: 'Closed' as const },
    ],
  },
};
