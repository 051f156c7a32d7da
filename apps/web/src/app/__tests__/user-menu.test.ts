import { describe, expect, it } from 'vitest';
import { initialsOf } from '../layouts/user-menu.tsx';

describe('the account avatar', () => {
  it("uses the initials of the person's first and last name", () => {
    expect(initialsOf('Dana Whitfield', 'hiring@lakeside.example')).toBe('DW');
    expect(initialsOf('  maria de la Cruz ', 'x@y.example')).toBe('MC');
    expect(initialsOf('Priya', 'x@y.example')).toBe('P');
  });

  it('falls back to the e-mail only when there is no name', () => {
    expect(initialsOf(null, 'dana.whitfield@lakeside.example')).toBe('DW');
    expect(initialsOf('', 'hiring@lakeside.example')).toBe('HI');
  });
});
