import { describe, expect, it } from 'vitest';
import { documentTitle, titleFromPath } from './title';

describe('page titles (issue 10 item 7)', () => {
  it('names the built pages', () => {
    expect(documentTitle(titleFromPath(''))).toBe('Home · Gazeboard');
    expect(documentTitle(titleFromPath('my_studies'))).toBe('My studies · Gazeboard');
    expect(documentTitle(titleFromPath('/my_account'))).toBe('My account · Gazeboard');
    expect(documentTitle(titleFromPath('contact_us'))).toBe('Contact us · Gazeboard');
    expect(documentTitle(titleFromPath('/login'))).toBe('Sign in · Gazeboard');
  });

  it("derives a new area's title from its path's last word that is not an id", () => {
    expect(titleFromPath('my_studies/overview/:id/demographics')).toBe('Demographics');
    expect(titleFromPath('my_studies/overview/:id')).toBe('Overview');
    expect(titleFromPath('create-study/*')).toBe('Create study');
    expect(titleFromPath('my_studies/overview/12/kpi_analysis')).toBe('Kpi analysis');
  });

  it('falls back to the product name alone', () => {
    expect(documentTitle(null)).toBe('Gazeboard');
  });
});
