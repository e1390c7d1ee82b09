import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  departementOfPostalCode,
  outsideAreaMessage,
  outsideServiceArea,
  readDepartements,
} from '../../src/domain/carrier/service-area.ts';

// A carrier's service area (issue 55, point 10). The départements come from the official code
// (INSEE): Corsica is 2A (postal codes 200xx–201xx) and 2B (202xx–206xx), overseas 971–976.
describe('the départements a carrier serves', () => {
  it('reads a postal code’s département, Corsica and overseas included', () => {
    for (const [postalCode, departement] of [
      ['75004', '75'],
      ['01000', '01'],
      ['20090', '2A'],
      ['20200', '2B'],
      ['97400', '974'],
      ['98000', null],
      ['7500', null],
      ['', null],
    ] as const)
      assert.equal(departementOfPostalCode(postalCode), departement, postalCode);
  });

  it('reads what a carrier types, once each, and names what is no département', () => {
    assert.deepEqual(readDepartements('75, 92 93;94, 2a, 974, 75, 1'), { codes: ['75', '92', '93', '94', '2A', '974', '01'] });
    assert.deepEqual(readDepartements(''), { codes: [] });
    const refused = readDepartements('75, 20, 96');
    assert.ok('error' in refused && refused.error.startsWith('«\u00a020\u00a0» n’est pas un département'));
  });

  it('a trip is served when it leaves from or arrives in the area; an end with no known département decides nothing', () => {
    const paris = ['75', '92', '93', '94'];
    assert.equal(outsideServiceArea(['75004', '69002'], paris), false, 'Paris → Lyon');
    assert.equal(outsideServiceArea(['69002', '92100'], paris), false, 'Lyon → Boulogne');
    assert.equal(outsideServiceArea(['33000', '69002', '31000'], paris), true, 'Bordeaux → Lyon → Toulouse');
    assert.equal(outsideServiceArea(['33000', '75004', '31000'], paris), true, 'passing through Paris is no departure nor arrival');
    assert.equal(outsideServiceArea(['33000', ''], paris), false, 'the arrival not chosen yet');
    assert.equal(outsideServiceArea(['33000', '31000'], []), false, 'no area: everywhere');
  });

  it('says where the carrier works and how to call it', () => {
    assert.equal(
      outsideAreaMessage(['75', '92'], '0148203100'),
      'Ce trajet est hors de notre zone\u00a0: nous déménageons au départ ou à destination des départements 75, 92. Pour une demande particulière, appelez-nous au 01\u00a048\u00a020\u00a031\u00a000.',
    );
  });
});
