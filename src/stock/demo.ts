import type { DealerConfig } from '../config/schema';
import type { Vehicle } from './vehicle';

/** Deterministic demo stock for a dealer (placeholder until the generator lands). */
export function generateDemoStock(_site: DealerConfig, _count: number): Vehicle[] {
  return [];
}
