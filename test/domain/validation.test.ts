import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { areContactsValid, canSaveContactModal, validateContactRow } from '../../src/domain/validation/contact-form.ts';
import { canAddExpense, expenseAmount, validateExpense } from '../../src/domain/validation/expense-form.ts';
import { canSaveItemEdit } from '../../src/domain/validation/item-edit.ts';
import { isPoolCodeUsable, isPoolTestResultValid } from '../../src/domain/validation/pool-code.ts';
import { isValidEmail, isValidPhone } from '../../src/domain/validation/patterns.ts';
import { limitMinutesInput, limitPriceInput, parseMinutesInput } from '../../src/domain/validation/input-limits.ts';
import { makeContact } from '../../src/domain/entities/contact.ts';
import { makeCustomer } from '../../src/domain/entities/customer.ts';
import { parseItemSearch } from '../../src/domain/validation/item-search.ts';
import { parseSubItems } from '../../src/domain/validation/sub-items.ts';
import { poolDefectMessage } from '../../src/domain/messages.ts';
import { poolFiguresFault, readPoolReply } from '../../src/domain/pools/pool-answer.ts';
import { validateCustomer } from '../../src/domain/validation/customer-form.ts';
import { formsToCorrect } from '../../src/domain/validation/submission.ts';
import { makeStop } from '../../src/domain/entities/stop.ts';

const now = DateTime.fromISO('2026-11-21T10:00', { zone: 'Europe/Paris' });
const goodCustomer = {
  name: 'Marie Curie',
  phone: '+33 (0)6 12-34.56.78',
  email: 'marie@exemple.fr',
  address: '10 Rue de Rivoli 75004 Paris',
  time: '09:00',
  date: '2026-11-22',
};

describe('form validation (spec §5)', () => {
  it('S095 S101 a booking goes only with both forms valid; the forms to correct are named in screen order', () => {
    const customer = makeCustomer(goodCustomer);
    const goodContact = makeContact({ name: 'Léa Martin', phone: '0612345678', step: 0 });
    const badContact = makeContact({ name: 'Léa', phone: '', step: 0 });
    const stops = (contact: typeof goodContact) => [makeStop({ contacts: [contact] }), makeStop()];
    assert.deepEqual(formsToCorrect({ customer, stops: stops(goodContact), contacts: [] }, now), []);
    assert.deepEqual(formsToCorrect({ customer, stops: stops(badContact), contacts: [] }, now), ['contacts']);
    assert.deepEqual(
      formsToCorrect({ customer: makeCustomer({ ...goodCustomer, name: 'Pau' }), stops: stops(goodContact), contacts: [] }, now),
      ['customer'],
    );
    assert.deepEqual(
      formsToCorrect({ customer: makeCustomer({ ...goodCustomer, phone: '' }), stops: stops(goodContact), contacts: [badContact] }, now),
      ['customer', 'contacts'],
    );
  });

  it('S086 S087 S088 S089 S090 a complete customer is valid, the reference optional', () => {
    assert.deepEqual(validateCustomer(makeCustomer(goodCustomer), now), {});
  });

  const customerCases: [Record<string, string>, string, string][] = [
    [{ name: 'Pau' }, 'name', 'Ce champ doit contenir le nom du contact !'],
    [{ name: '  Pau   ' }, 'name', 'Ce champ doit contenir le nom du contact !'],
    [{ phone: '06 12 ab' }, 'phone', 'Ce champ doit être un numero valide !'],
    [{ phone: '' }, 'phone', 'Ce champ doit être un numero valide !'],
    [{ email: 'marie@exemple' }, 'email', 'Ce champ doit être une adresse email valide !'],
    [{ email: 'marie exemple@fr.fr' }, 'email', 'Ce champ doit être une adresse email valide !'],
    [{ time: '' }, 'time', 'Ce champ est obligatoire'],
    // Issue 54: the postal address a moving devis must carry (arrêté du 27 avril 2010, art. 1).
    [{ address: '' }, 'address', 'Indiquez l’adresse postale (numéro, rue, code postal et commune) : elle figure sur le devis'],
    [{ address: ' Paris ' }, 'address', 'Indiquez l’adresse postale (numéro, rue, code postal et commune) : elle figure sur le devis'],
    [{ date: '2026-11-20' }, 'date', 'Cette date est déjà passée'],
  ];
  for (const [change, field, message] of customerCases) {
    it(`S086 S087 S088 S089 S107 customer ${JSON.stringify(change)} → ${field}: ${message}`, () => {
      const errors = validateCustomer(makeCustomer({ ...goodCustomer, ...change }), now);
      // The spec's words, with French typography: a no-break space before '!' (UX §7.1).
      assert.deepEqual(Object.keys(errors), [field]);
      assert.equal(errors[field as keyof typeof errors]!.replace(/\s/g, ' '), message);
    });
  }

  it('S086 a name of exactly 4 characters is enough', () => {
    assert.deepEqual(validateCustomer(makeCustomer({ ...goodCustomer, name: 'Paul' }), now), {});
  });

  it('S086 a name counts letters as read: Léa is 3 (spec: more than 3), typed composed or with its accent apart', () => {
    const message = 'Ce champ doit contenir le nom du contact !';
    for (const name of ['Léa', 'Le\u0301a', '  Léa  '])
      assert.equal(
        validateCustomer(makeCustomer({ ...goodCustomer, name }), now).name?.replace(/[\u00a0\u202f]/g, ' '),
        message,
        JSON.stringify(name),
      );
    for (const name of ['Léa Roux', 'Le\u0301on'])
      assert.equal(validateCustomer(makeCustomer({ ...goodCustomer, name }), now).name, undefined, JSON.stringify(name));
  });

  it('S087 phones: digits with + ( ) - . and spaces', () => {
    for (const phone of ['0612345678', '+33 6 12 34 56 78', '(0)6-12.34.56.78']) assert.equal(isValidPhone(phone), true, phone);
    for (const phone of ['', '+', '06 12 34 56 7x', '06/12/34']) assert.equal(isValidPhone(phone), false, phone);
  });

  it('S088 emails follow the standard pattern', () => {
    for (const email of ['a@b.fr', 'jean.dupont+devis@transports-martin.com']) assert.equal(isValidEmail(email), true, email);
    for (const email of ['', 'a@b', '@b.fr', 'a@@b.fr', 'a@b.']) assert.equal(isValidEmail(email), false, email);
  });

  const contactCases: [Record<string, unknown>, Record<string, string>][] = [
    [{ name: 'Lucie', phone: '0612345678', email: '' }, {}],
    [{ name: 'Luc', phone: '0612345678', email: '' }, { name: 'Ce champ doit être rempli' }],
    [{ name: 'Lucie', phone: 'abc', email: '' }, { phone: 'Ce champ doit être un numero valide' }],
    [{ name: 'Lucie', phone: '0612345678', email: 'lucie@' }, { email: 'Ce champ doit être un email valide' }],
    [{ name: 'Lucie', phone: '0612345678', email: 'lucie@exemple.fr' }, {}],
  ];
  for (const [contact, errors] of contactCases) {
    it(`S091 S092 S093 contact row ${JSON.stringify(contact)} → ${JSON.stringify(errors)}`, () => {
      assert.deepEqual(validateContactRow(makeContact(contact)), errors);
    });
  }

  it('S094 S095 a contact step must be 0 or more (and an existing stop); all contacts valid to submit', () => {
    assert.ok('step' in validateContactRow({ name: 'Lucie', phone: '0612', email: '', step: -1 }));
    assert.ok('step' in validateContactRow({ name: 'Lucie', phone: '0612', email: '', step: 2 }, 2));
    assert.deepEqual(validateContactRow({ name: 'Lucie', phone: '0612', email: '', step: 1 }, 2), {});
    const good = makeContact({ name: 'Lucie', phone: '0612345678' });
    assert.equal(areContactsValid([good, good]), true);
    assert.equal(areContactsValid([good, makeContact({ name: 'Lu', phone: '0612345678' })]), false);
    assert.equal(areContactsValid([]), true);
  });

  const modalCases: [string, string, boolean][] = [
    ['Jo', '06123456', true],
    ['J', '06123456', false],
    ['Jo', '0612345', false],
    ['Jo', '06 12 34 5', false],
    ['  J ', '06123456', false],
  ];
  for (const [name, phone, canSave] of modalCases) {
    it(`S096 contact modal: name '${name}', phone '${phone}' → save ${canSave ? 'enabled' : 'disabled'}`, () => {
      assert.equal(canSaveContactModal(name, phone), canSave);
    });
  }

  const expenseCases: [string, string, Record<string, string>][] = [
    ['Parking', '12', {}],
    ['Parking', '12.50', {}],
    ['Remise', '-3,5', {}],
    ['Bac', '12', { name: 'Ce champ doit être rempli' }],
    ['Parking', '12.', { cost: 'Ce champ doit être un prix valide' }],
    ['Parking', '--3', { cost: 'Ce champ doit être un prix valide' }],
    ['Parking', 'douze', { cost: 'Ce champ doit être un prix valide' }],
    ['Parking', '', { cost: 'Ce champ doit être un prix valide' }],
  ];
  for (const [name, cost, errors] of expenseCases) {
    it(`S097 S098 S099 expense '${name}' '${cost}' → ${JSON.stringify(errors)}`, () => {
      assert.deepEqual(validateExpense({ name, cost }), errors);
      assert.equal(canAddExpense({ name, cost }), Object.keys(errors).length === 0);
    });
  }

  it('S098 a valid cost is read with a French comma', () => {
    assert.equal(expenseAmount({ name: 'Remise', cost: '-3,5' }), -3.5);
    assert.equal(expenseAmount({ name: 'Remise', cost: 'x' }), null);
  });

  it('S100 item edit modal: description of 2+ characters and a quantity', () => {
    assert.equal(canSaveItemEdit('ab', '1'), true);
    assert.equal(canSaveItemEdit('a', '1'), false);
    assert.equal(canSaveItemEdit(' a ', 3), false);
    assert.equal(canSaveItemEdit('ab', ''), false);
    assert.equal(canSaveItemEdit('ab', null), false);
  });

  it('S102 sub-item lines under 4 trimmed characters are ignored; a leading integer sets the quantity', () => {
    const text = '3 cartons\nab\n  lit  \n\n2x chaises\nTable basse\n  12  \n1234';
    assert.deepEqual(parseSubItems(text), [
      { quantity: 3, name: 'cartons' },
      { quantity: 2, name: 'chaises' },
      { quantity: 1, name: 'Table basse' },
      { quantity: 1, name: '1234' },
    ]);
    assert.deepEqual(parseSubItems('lits'), [{ quantity: 1, name: 'lits' }]);
  });

  const searchCases: [string, { quantity: number; text: string } | null][] = [
    ['5 tables', { quantity: 5, text: 'tables' }],
    ['  12   cartons  livres ', { quantity: 12, text: 'cartons livres' }],
    ['table', { quantity: 1, text: 'table' }],
    ['', null],
    ['   ', null],
    ['5', null],
  ];
  for (const [input, expected] of searchCases) {
    it(`S021 S103 item search '${input}' → ${JSON.stringify(expected)}`, () => assert.deepEqual(parseItemSearch(input), expected));
  }

  it('S105 pool code must be longer than 10 characters and return numeric prices', () => {
    assert.equal(isPoolCodeUsable('return 1;;'), false); // 10
    assert.equal(isPoolCodeUsable('return 12;;'), true); // 11
    assert.equal(isPoolCodeUsable(null), false);
    assert.equal(isPoolTestResultValid({ transportation: 10, handling: 5 }), true);
    assert.equal(isPoolTestResultValid({ transportation: '10', handling: 5 }), false);
    assert.equal(isPoolTestResultValid({ transportation: 10 }), false);
    assert.equal(isPoolTestResultValid({ transportation: Number.NaN, handling: 5 }), false);
    assert.equal(poolDefectMessage('Grille Pro'), 'La grille de [Grille Pro] présente un défaut technique, contactez son responsable');
  });

  it('S148 issue 52: a grid answering a negative line is its defect, in the page and on the server; past the server’s ceiling with its VAT too', () => {
    const reply = (figures: object) => readPoolReply({ name: 'Grille Pro' }, { ok: true, json: JSON.stringify(figures) });
    const defect = { defect: poolDefectMessage('Grille Pro') };
    assert.deepEqual(reply({ transportation: -500, handling: 50 }), defect);
    assert.deepEqual(reply({ transportation: 120, handling: -0.01 }), defect);
    assert.ok('output' in reply({ transportation: 0, handling: 0 }), '0 is a price (to set), not a defect');
    // 100,000 € VAT included at 20 %: 83,333.33 € HT is within, a cent more is not.
    const ceiling = { euros: 100_000, vat: 0.2 };
    assert.equal(poolFiguresFault({ transportation: 83_333.33, handling: 0 }, ceiling), null);
    assert.deepEqual(poolFiguresFault({ transportation: 120, handling: 99_999_999 }, ceiling), {
      kind: 'ceiling',
      line: 'handling',
      euros: 99_999_999,
      ceilingEuros: 100_000,
    });
    assert.deepEqual(poolFiguresFault({ transportation: -500, handling: 99_999_999 }, ceiling), {
      kind: 'negative',
      line: 'transportation',
      euros: -500,
    });
  });

  it('S110 price and minutes inputs hold at most 5 characters', () => {
    assert.equal(limitPriceInput('123456'), '12345');
    assert.equal(limitPriceInput('12345'), '12345');
    assert.equal(limitMinutesInput('999999'), '99999');
    assert.equal(parseMinutesInput('45'), 45);
    assert.equal(parseMinutesInput('4a'), null);
  });
});
