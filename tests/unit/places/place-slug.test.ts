import { describe, expect, it } from 'vitest';
import { createGazetteer } from '../../../server/places/gazetteer';
import { placeFromSlug, placeSlug } from '../../../shared/places/place-slug';

const gazetteer = createGazetteer();

describe('placeSlug', () => {
  it('when a city is written "City, ST", then its slug is lower-case words and the state joined by hyphens', () => {
    expect(placeSlug('Austin, TX')).toBe('austin-tx');
    expect(placeSlug('Winston-Salem, NC')).toBe('winston-salem-nc');
    expect(placeSlug("Coeur D'Alene, ID")).toBe('coeur-d-alene-id');
    expect(placeSlug('St. Louis, MO')).toBe('st-louis-mo');
  });

  it('when a place is a ZIP code (alone, ZIP+4, or as the gazetteer labels it), then its slug is the five digits', () => {
    expect(placeSlug('78701')).toBe('78701');
    expect(placeSlug('78701-1234')).toBe('78701');
    expect(placeSlug('Austin, TX 78701')).toBe('78701');
  });
});

describe('placeFromSlug', () => {
  it('when a slug ends in a state, then it reads back as "words, ST"; a ZIP stays itself', () => {
    expect(placeFromSlug('austin-tx')).toBe('austin, TX');
    expect(placeFromSlug('winston-salem-nc')).toBe('winston salem, NC');
    expect(placeFromSlug('78701')).toBe('78701');
  });

  it('when a slug is not a place slug (no state, odd characters, upper case, a short ZIP), then it is null', () => {
    for (const slug of ['austin', 'tx', 'austin-texas', 'Austin-TX', 'austin--tx', '../etc-tx', '7870', 'austin tx', ''])
      expect(placeFromSlug(slug), slug).toBeNull();
  });

  it('when a place goes to its slug and back through the gazetteer, then the same place is found (hyphenated cities too)', () => {
    for (const place of ['Austin, TX', 'Winston-Salem, NC', 'St. Louis, MO', "Coeur d'Alene, ID", 'Fort Worth, TX', '78701']) {
      const found = gazetteer.find(place);
      expect(found, place).not.toBeNull();
      expect(gazetteer.find(placeFromSlug(placeSlug(found!.label))!), place).toEqual(found);
    }
  });
});
