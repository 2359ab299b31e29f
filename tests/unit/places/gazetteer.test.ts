import { describe, expect, it } from 'vitest';
import { createGazetteer } from '../../../server/places/gazetteer';
import { distanceMiles } from '../../../shared/places/distance-miles';

const gazetteer = createGazetteer();

describe('the gazetteer', () => {
  it('when a city is written "City, ST", then it is found at the centre of its ZIP codes, however it is cased', () => {
    const austin = gazetteer.find('austin, tx');
    expect(austin).toMatchObject({ label: 'Austin, TX' });
    expect(austin!.lat).toBeCloseTo(30.3, 0);
    expect(austin!.lng).toBeCloseTo(-97.7, 0);
  });

  it('when a city is abbreviated or has an apostrophe, then it is found as the data writes it', () => {
    expect(gazetteer.find('St. Louis, MO')).toMatchObject({ label: 'Saint Louis, MO' });
    expect(gazetteer.find("Coeur d'Alene, ID")).toMatchObject({ label: 'Coeur D Alene, ID' });
    expect(gazetteer.find('Ft. Worth, TX')).toMatchObject({ label: 'Fort Worth, TX' });
  });

  it('when a hyphenated city is written with its hyphen or with a space (as a place slug reads back), then the same city is found', () => {
    expect(gazetteer.find('Winston-Salem, NC')).toMatchObject({ label: 'Winston Salem, NC' });
    expect(gazetteer.find('winston salem, nc')).toEqual(gazetteer.find('Winston-Salem, NC'));
  });

  it('when a ZIP code (or ZIP+4) is written, then its own place is found', () => {
    expect(gazetteer.find('78701')).toMatchObject({ label: 'Austin, TX 78701' });
    expect(gazetteer.find('78701-1234')).toMatchObject({ label: 'Austin, TX 78701' });
    expect(distanceMiles(gazetteer.find('78701')!, gazetteer.find('Austin, TX')!)).toBeLessThan(10);
  });

  it('when the place does not exist, is not in the US, or is not written as a place, then nothing is found', () => {
    for (const text of ['Austinn, TX', 'Austin, ZZ', '00000', 'Toronto, ON', 'Austin', 'Paris, France', '']) expect(gazetteer.find(text), text).toBeNull();
  });
});
