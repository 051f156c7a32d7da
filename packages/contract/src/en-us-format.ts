/**
 * en-US number, dollar and date text without `Intl`. In Chromium the page's first number or date
 * format (`Intl.NumberFormat`, `toLocaleString`, `toLocaleDateString`) loads ICU's locale data:
 * 40–140 ms on this product's machines before anything else runs, inside the first render of any
 * screen that shows a salary, a count or a day. These few shapes are all a first screen needs;
 * anything richer (time zones, relative times) stays with `Intl`, loaded with the screen that
 * needs it. The tests hold each function to `Intl`'s own output.
 */

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `(1234567.25).toLocaleString('en-US')`: "1,234,567.25" (at most three decimals, as there). */
export function groupDigits(value: number): string {
  if (!Number.isFinite(value)) return value.toLocaleString('en-US');
  const [whole = '0', fraction = ''] = Math.abs(value).toFixed(3).split('.');
  const decimals = fraction.replace(/0+$/, '');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${decimals ? `.${decimals}` : ''}`;
}

/** Whole US dollars, as `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })`: "$250,000". */
export function formatWholeUsd(amount: number): string {
  if (!Number.isFinite(amount)) return amount.toLocaleString('en-US');
  const dollars = Math.round(Math.abs(amount));
  return `${amount < 0 || Object.is(amount, -0) ? '-' : ''}$${groupDigits(dollars)}`;
}

/** The day in the viewer's time zone, as `toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })`: "Nov 29, 2026". */
export function formatShortDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return `${SHORT_MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}
