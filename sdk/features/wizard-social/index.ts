// The social ad test's setup step and its platform previews (spec D3 §2.5).
export { SocialSetup, type SocialSetupProps } from './SocialSetup';
export { SocialPreview } from './Preview';
export { reviewRows as socialReviewRows } from './model';
