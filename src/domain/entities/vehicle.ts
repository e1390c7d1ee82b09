import * as v from 'valibot';
import { IdSchema, NameSchema, NonNegativeSchema } from './common.ts';

export const VehicleCategorySchema = v.object({
  id: IdSchema,
  name: NameSchema,
  /** m³. */
  capacity: NonNegativeSchema,
});
export type VehicleCategory = v.InferOutput<typeof VehicleCategorySchema>;

/** Default trucks (spec §3): negative ids mean "not a company vehicle" and are sent as null. */
export const DEFAULT_VEHICLE_CATEGORIES: readonly VehicleCategory[] = [
  { id: -1, name: 'Véhicule 3 m³', capacity: 3 },
  { id: -2, name: 'Véhicule 6 m³', capacity: 6 },
  { id: -3, name: 'Véhicule 12 m³', capacity: 12 },
  { id: -4, name: 'Véhicule 20 m³', capacity: 20 },
];
