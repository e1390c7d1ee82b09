// The browser a session of the back office was opened from, as Mon compte names it: the usual
// browsers told apart although each one's User-Agent names others (Edge says Chrome and Safari,
// Chrome says Safari), on the usual systems; anything else named plainly, never left blank.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { browserName } from '../../back-office/team/browser-name.ts';

describe('the name of a session’s browser (Mon compte)', () => {
  it('tells the usual browsers and systems apart', () => {
    const cases: [string, string][] = [
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox sous Windows'],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
        'Edge sous Windows',
      ],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        'Chrome sous macOS',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        'Safari sous iOS',
      ],
      [
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
        'Samsung Internet sous Android',
      ],
      ['curl/8.5.0', 'Navigateur inconnu'],
      ['', 'Navigateur inconnu'],
    ];
    for (const [userAgent, name] of cases) assert.equal(browserName(userAgent), name, userAgent);
  });
});
