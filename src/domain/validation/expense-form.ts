import { MESSAGES } from '../messages.ts';
import { parsePrice } from '../pricing/vat.ts';
import { collectErrors, isFormValid, type FieldErrors } from './form-result.ts';
import { hasMoreThanThreeCharacters, isValidPrice } from './patterns.ts';

export type ExpenseField = 'name' | 'cost';

export interface ExpenseDraft {
  name: string;
  cost: string;
}

/** Expense form (spec §5): a name of more than 3 characters and a decimal cost, minus allowed. */
export function validateExpense(expense: ExpenseDraft): FieldErrors<ExpenseField> {
  return collectErrors<ExpenseField>([
    ['name', hasMoreThanThreeCharacters(expense.name) ? null : MESSAGES.expenseName],
    ['cost', isValidPrice(expense.cost) ? null : MESSAGES.expenseCost],
  ]);
}

/** The add button shows only for a valid form (spec §5). */
export function canAddExpense(expense: ExpenseDraft): boolean {
  return isFormValid(validateExpense(expense));
}

/** The cost as a number, once valid. */
export function expenseAmount(expense: ExpenseDraft): number | null {
  return canAddExpense(expense) ? parsePrice(expense.cost) : null;
}
