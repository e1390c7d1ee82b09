/** Item edit modal (spec §5): save needs a description of 2+ characters and a quantity. */
export function canSaveItemEdit(description: string, quantity: string | number | null | undefined): boolean {
  const hasQuantity = quantity !== null && quantity !== undefined && String(quantity).trim() !== '';
  return description.trim().length >= 2 && hasQuantity;
}
