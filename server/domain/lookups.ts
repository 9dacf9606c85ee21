// Provider-curated lookup lists. Their ids are the API's *_id values (part of the contract), so they
// live here, beside nothing else: seed/reference.ts writes them into lookup_item on every start,
// ingestion checks respondents' demographic ids against them, the simulator draws from them.

export type LookupItem = [id: number, code: string, name: string];

/** kind → [id, code, name]. Ids are the API's *_id values and never change. */
export const LOOKUPS: Record<string, LookupItem[]> = {
  // Icons in the study list: Webcam, Mobile, Lab / All devices, otherwise Unknown.
  environment: [[1, '1', 'Webcam'], [2, '2', 'Mobile'], [3, '3', 'Lab'], [4, '4', 'All devices']],
  media: [[1, '1', 'Display'], [2, '2', 'Social'], [3, '3', 'Video'], [4, '4', 'Digital'], [5, '5', 'Print'], [6, '6', 'Out of home']],
  // study_type_id 4, 5, 7, 8, 10 go to the order confirmation; code 0 is the generic default.
  study_type: [
    [1, '0', 'Custom study'], [4, '4', 'Quick study'], [5, '5', 'Social / video ad test'],
    [7, '7', 'Rich media page test'], [8, '8', 'Web page study'], [10, '10', 'Embedded study'],
  ],
  project_location: [[1, 'gb', 'United Kingdom'], [2, 'us', 'United States'], [3, 'de', 'Germany'], [4, 'fr', 'France'], [5, 'es', 'Spain'], [6, 'au', 'Australia']],
  study_language: [[1, 'en', 'English'], [2, 'de', 'German'], [3, 'fr', 'French'], [4, 'es', 'Spanish']],
  stim_type: [[1, 's', 'Script'], [2, 'va', 'VAST URL'], [3, 'vx', 'VAST XML'], [4, 'i', 'Image'], [5, 'v', 'Video']],
  incontext_site: [
    [1, 'fb', 'Facebook'], [2, 'vk', 'VK'], [3, 'in', 'Instagram'], [4, 'sc', 'Snapchat'], [5, 'pin', 'Pinterest'],
    [6, 'tt', 'TikTok'], [7, 'yt', 'YouTube'], [8, 'rfb', 'Facebook (new social system)'], [9, 'rin', 'Instagram (new social system)'],
  ],
  panelist_role: [[1, '1', 'Desktop panelist'], [2, '2', 'Mobile panelist']],
  // The quick study's panel list (study panels themselves live in the panel table).
  recruitment_panel: [[1, '1', 'Gazeboard panel (desktop)'], [2, '2', 'Gazeboard panel (mobile)']],
  next_button_type: [[1, '1', 'Standard button'], [2, '2', 'Floating button'], [3, '3', 'No button (auto advance)']],
  ad_category: [[1, '1', 'Display banner'], [2, '2', 'Social feed'], [3, '3', 'Online video'], [4, '4', 'Rich media']],
  command: [[1, '1', 'Calibrate'], [2, '2', 'Recalibrate'], [3, '3', 'Start camera'], [4, '4', 'Stop camera']],
  age_group: [[1, '1', '18-24'], [2, '2', '25-34'], [3, '3', '35-44'], [4, '4', '45-54'], [5, '5', '55-64'], [6, '6', '65+']],
  family_group: [[1, '1', 'Single, no children'], [2, '2', 'Couple, no children'], [3, '3', 'Family with children'], [4, '4', 'Empty nester']],
  // Labels are thousands of pounds; the UI shows them as £{n}k.
  earnings_group: [[1, '1', '0-20'], [2, '2', '20-40'], [3, '3', '40-60'], [4, '4', '60-100'], [5, '5', '100+']],
  gender_group: [[1, '1', 'Female'], [2, '2', 'Male'], [3, '3', 'Non-binary']],
  socialgrade_group: [[1, '1', 'AB'], [2, '2', 'C1'], [3, '3', 'C2'], [4, '4', 'DE']],
  ethnicity_group: [[1, '1', 'White'], [2, '2', 'Mixed'], [3, '3', 'Asian'], [4, '4', 'Black'], [5, '5', 'Other ethnic group']],
};
