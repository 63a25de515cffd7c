/**
 * The lead category of an enquiry about a car, from the car's type. A fact about the car that the
 * car page's metadata and the lead forms both need: here in stock, below both, and in a module of
 * its own so a lead form's bundle carries these few lines, not the car page's model.
 */

/** The lead categories an enquiry about a car is filed under, one per car type. */
export const VEHICLE_ENQUIRY_CATEGORIES = ['new-vehicle-enquiry', 'demo-vehicle-enquiry', 'used-vehicle-enquiry'] as const;
export type VehicleEnquiryCategory = (typeof VEHICLE_ENQUIRY_CATEGORIES)[number];

/**
 * The category an enquiry about this car is filed under: demo → demo-vehicle-enquiry, used →
 * used-vehicle-enquiry, anything else (new, unknown, none) → new-vehicle-enquiry. Feeds and query
 * strings write the car type as ' Used ' or 'DEMO' too; such a car is still a used or demo car,
 * and its lead belongs with the used or demo enquiries, not the new ones.
 */
export function vehicleEnquiryCategory(carType: string | null | undefined): VehicleEnquiryCategory {
  const type = (carType ?? '').trim().toLowerCase();
  if (type === 'demo') return 'demo-vehicle-enquiry';
  if (type === 'used') return 'used-vehicle-enquiry';
  return 'new-vehicle-enquiry';
}
