import { describe, expect, it } from 'vitest';
import {
  isValidNpi,
  NPI_MESSAGES,
  normalizeUsPhone,
  US_PHONE_MESSAGE,
  ZClaimBody,
  ZOrganizationDetails,
  ZSocialLinks,
  ZUpdateProfileBody,
} from '../src/organization.ts';

function messagesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const complete = {
  organizationName: 'Lakeside Family Medicine',
  practiceManagerName: 'Dana Whitfield',
  email: 'Hiring@Lakeside.example ',
  phoneNumber: '512.555.0134',
  orgLocations: {
    locations: [{ description: 'Austin, TX', coords: { latitude: 30.27, longitude: -97.74 } }],
    numberOfLocations: 2,
  },
  features: { practiceType: 'private-practice', noOfPhysician: 4 },
};

describe('NPI numbers', () => {
  it('pass the Luhn check over the 80840 prefix', () => {
    // CMS's published example, and a real-format number derived from it.
    expect(isValidNpi('1234567893')).toBe(true);
    expect(isValidNpi('1245319599')).toBe(true);
  });

  it('fail when any digit is mistyped or swapped', () => {
    expect(isValidNpi('1234567890')).toBe(false);
    expect(isValidNpi('1234567839')).toBe(false);
    expect(isValidNpi('2134567893')).toBe(false);
  });

  it('must be exactly ten digits', () => {
    expect(isValidNpi('123456789')).toBe(false);
    expect(isValidNpi('12345678931')).toBe(false);
    expect(isValidNpi('12345678a3')).toBe(false);
  });

  it('explain which rule a claim breaks', () => {
    const claim = (npiNumber: string) =>
      ZClaimBody.safeParse({ email: 'pat@clinic.example', npiNumber, organization: 'Lakeside Clinic' });
    expect(messagesOf(claim('12345'))).toEqual([`npiNumber: ${NPI_MESSAGES.format}`]);
    expect(messagesOf(claim('1234567890'))).toEqual([`npiNumber: ${NPI_MESSAGES.checkDigit}`]);
    expect(claim(' 1234567893 ').data?.npiNumber).toBe('1234567893');
  });
});

describe('US phone numbers', () => {
  it('are stored in one shape whatever the punctuation', () => {
    for (const typed of [
      '(512) 555-0134',
      '512-555-0134',
      '512.555.0134',
      '+1 512 555 0134',
      '15125550134',
    ]) {
      expect(normalizeUsPhone(typed)).toBe('(512) 555-0134');
    }
  });

  it('refuse area codes and exchanges starting with 0 or 1, and letters', () => {
    expect(normalizeUsPhone('112-555-0134')).toBeNull();
    expect(normalizeUsPhone('512-155-0134')).toBeNull();
    expect(normalizeUsPhone('512-555-01AB')).toBeNull();
    expect(normalizeUsPhone('555-0134')).toBeNull();
  });
});

describe('the organisation profile', () => {
  it('normalises what it accepts', () => {
    const parsed = ZOrganizationDetails.parse(complete);
    expect(parsed.email).toBe('hiring@lakeside.example');
    expect(parsed.phoneNumber).toBe('(512) 555-0134');
  });

  it('names every missing required field', () => {
    expect(messagesOf(ZOrganizationDetails.safeParse({}))).toEqual([
      'organizationName: Enter the organization name.',
      'practiceManagerName: Enter the practice manager’s name.',
      'email: Enter your e-mail address.',
      'phoneNumber: Enter a phone number.',
      'orgLocations: Add your locations.',
      'features: Describe your practice.',
    ]);
    expect(
      messagesOf(
        ZOrganizationDetails.safeParse({ ...complete, orgLocations: {}, features: {}, phoneNumber: '12' }),
      ),
    ).toEqual([
      `phoneNumber: ${US_PHONE_MESSAGE}`,
      'orgLocations.locations: Add at least one location.',
      'orgLocations.numberOfLocations: Enter how many locations the practice has.',
      'features.practiceType: Choose a practice type.',
      'features.noOfPhysician: Enter the number of physicians.',
    ]);
  });

  it('does not count fewer locations than it lists', () => {
    const twoPlaces = {
      locations: [
        { description: 'Austin, TX', coords: { latitude: 30.27, longitude: -97.74 } },
        { description: 'Round Rock, TX', coords: { latitude: 30.51, longitude: -97.68 } },
      ],
      numberOfLocations: 1,
    };
    expect(messagesOf(ZOrganizationDetails.safeParse({ ...complete, orgLocations: twoPlaces }))).toEqual([
      'orgLocations.numberOfLocations: The number of locations cannot be smaller than the locations you listed.',
    ]);
  });

  it('carries removed media keys and location details on update-profile', () => {
    const body = ZUpdateProfileBody.parse({
      ...complete,
      deletedImgskeys: ['images/old.webp'],
      locationsDetails: [
        { description: 'Austin, TX', coords: { latitude: 30.27, longitude: -97.74 }, name: 'Main' },
      ],
    });
    expect(body.deletedImgskeys).toEqual(['images/old.webp']);
    expect(ZUpdateProfileBody.safeParse({ ...complete, deletedImgskeys: ['../etc/passwd'] }).success).toBe(
      false,
    );
  });
});

describe('social links', () => {
  it('accept bare addresses and add https://', () => {
    expect(
      ZSocialLinks.parse({ facebook: 'facebook.com/lakeside', websiteUrl: 'www.lakeside.example' }),
    ).toEqual({
      facebook: 'https://facebook.com/lakeside',
      websiteUrl: 'https://www.lakeside.example',
    });
  });

  it('must point at their own site', () => {
    expect(messagesOf(ZSocialLinks.safeParse({ instagram: 'https://facebook.com/lakeside' }))).toEqual([
      'instagram: Enter a link to your Instagram page, e.g. https://instagram.com/yourpractice.',
    ]);
    expect(ZSocialLinks.safeParse({ twitter: 'https://mobile.x.com/lakeside' }).success).toBe(true);
    expect(ZSocialLinks.safeParse({ facebook: 'https://notfacebook.com/lakeside' }).success).toBe(false);
  });

  it('refuse what is not a web address', () => {
    expect(messagesOf(ZSocialLinks.safeParse({ websiteUrl: 'javascript:alert(1)' }))).toEqual([
      'websiteUrl: Enter a valid website address, e.g. https://www.yourpractice.com.',
    ]);
  });
});
