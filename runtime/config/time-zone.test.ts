import { describe, expect, it } from 'vitest';
import { nearestZone, timeZoneProblems, zoneNamed } from './time-zone.ts';

describe('time zone names', () => {
  it('takes a zone in any capitals, spelt as the list spells it, and UTC', () => {
    expect(zoneNamed('America/Denver')).toBe('America/Denver');
    expect(zoneNamed('europe/london')).toBe('Europe/London');
    expect(zoneNamed('UTC')).toBe('UTC');
    expect(zoneNamed('Mars/Olympus_Mons')).toBeUndefined();
    expect(zoneNamed('New York')).toBeUndefined();
  });

  it('finds the zone a mistaken name means: by its city, or a near spelling of a zone or a city', () => {
    expect(nearestZone('new york')).toBe('America/New_York');
    expect(nearestZone('London')).toBe('Europe/London');
    expect(nearestZone('Europe/Londn')).toBe('Europe/London');
    expect(nearestZone('Chicgo')).toBe('America/Chicago');
    expect(nearestZone('Mars/Olympus_Mons')).toBeUndefined();
  });

  it('suggests the zone of a city written in the site file', () => {
    const [problem] = timeZoneProblems({ site: { timeZone: 'Denver' } });
    expect(problem?.fix).toBe('did you mean "America/Denver"? Write it like timeZone: America/Denver');
  });
});
