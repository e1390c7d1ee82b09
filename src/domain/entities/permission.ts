import * as v from 'valibot';
import { NameSchema } from './common.ts';

export const PermissionSchema = v.object({ name: NameSchema, can_read: v.optional(v.boolean(), false) });
export type Permission = v.InferOutput<typeof PermissionSchema>;

/** Prices may be shown with a 'prices' entry readable, or with an empty list (spec §6). */
export function canShowPrices(permissions: readonly Permission[]): boolean {
  if (permissions.length === 0) return true;
  return permissions.some((permission) => permission.name === 'prices' && permission.can_read);
}
