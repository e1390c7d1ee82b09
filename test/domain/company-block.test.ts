import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDataBlocks } from '../../src/state/data-blocks.ts';

const NBSP = '\u00a0';

/** A saved place as a back end sends it, with the nulls real ones send. */
const place = (fields: Record<string, unknown> = {}) => ({
  id: 7,
  label: 'Entrepôt',
  address_complete: '12 Rue de la Gare 69007 Lyon',
  lat: 45.75,
  lng: 4.84,
  locality: 'Lyon',
  postal_code: '69007',
  floor_nb: null,
  elevator_presence: null,
  notes: null,
  contacts: null,
  ...fields,
});

describe('company data block (spec §3, §9): nulls count as absent, one bad field never drops the block', () => {
  it('S158 a block full of nulls keeps company mode and takes the spec’s fallbacks: VAT 0.2, currency E', () => {
    const parsed = parseDataBlocks({
      company: {
        company_token: 'tqw_x',
        company_mode: true,
        currency_symbol: null,
        vat: null,
        can_edit_price: null,
        permissions: null,
        places: [place()],
        preferred_items: null,
        contacts: null,
        customers: null,
        transportation_company: null,
        vehicle_categories: null,
        driver_pools: null,
        handling_rates: null,
        hide_address_floor: null,
        hide_vl_selector: null,
        customer: null,
      },
    });
    assert.deepEqual(parsed.errors, []);
    const company = parsed.company!;
    assert.equal(company.company_mode, true);
    // Spec §9: VAT is 20 %, fallback currency symbol E; §6: hide_vl_selector defaults to true.
    assert.equal(company.vat, 0.2);
    assert.equal(company.currency_symbol, 'E');
    assert.equal(company.hide_vl_selector, true);
    assert.equal(company.vehicle_categories.length, 4);
    // Spec §3: a stop's floor defaults to -1 (street), no elevator.
    assert.deepEqual(
      { floor: company.places[0]!.floor_nb, elevator: company.places[0]!.elevator_presence, notes: company.places[0]!.notes },
      { floor: -1, elevator: false, notes: '' },
    );
    assert.deepEqual(parsed.notices, [], 'a null is absent, not an error worth a word');
  });

  it('S158 an empty string where a value is required counts as absent', () => {
    const parsed = parseDataBlocks({ company: { company_mode: true, currency_symbol: '' } });
    assert.equal(parsed.company?.currency_symbol, 'E');
    assert.deepEqual(parsed.notices, []);
  });

  it('S158 an unknown field and a bad one are set aside, said once in French, and the rest is kept', () => {
    const parsed = parseDataBlocks({
      company: JSON.stringify({
        company_mode: true,
        vat: 'vingt',
        currency_symbol: '€',
        places: [place({ lat: 'nord' }), place({ id: 8, floor_nb: 2 })],
        couleur_favorite: 'vert',
      }),
    });
    assert.deepEqual(parsed.errors, []);
    const company = parsed.company!;
    assert.equal(company.company_mode, true);
    assert.equal(company.vat, 0.2);
    assert.equal(company.currency_symbol, '€');
    assert.deepEqual(
      company.places.map((saved) => [saved.id, saved.floor_nb]),
      [[8, 2]],
    );
    assert.equal(parsed.notices.length, 1);
    assert.equal(
      parsed.notices[0],
      `transport-quote${NBSP}: données de l’entreprise, valeurs inutilisables ignorées${NBSP}: vat, places.0\u202f; champs inconnus ignorés${NBSP}: couleur_favorite.`,
    );
  });

  it('S158 a block that is no object at all is still refused with its message', () => {
    const parsed = parseDataBlocks({ company: '[1, 2]' });
    assert.equal(parsed.company, null);
    assert.equal(parsed.errors.length, 1);
  });
});
