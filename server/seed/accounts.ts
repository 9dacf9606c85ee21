// The demo sign-ins, shown in README.md and printed by `npm start`.
export const DEMO_PASSWORD = 'gazeboard';

export interface DemoAccount {
  username: string;
  password: string;
  role: string;
  company: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { username: 'researcher', password: DEMO_PASSWORD, role: 'Study user (type 1) and company administrator: studies, stims, reports, allowed origins', company: 'Acme Research' },
  { username: 'vendor', password: DEMO_PASSWORD, role: 'Batch user (type 2): batches and batch stims', company: 'Adscope Partners' },
  { username: 'admin', password: DEMO_PASSWORD, role: 'Super user: acts for any company, creates brands', company: 'Gazeboard' },
  { username: 'northwind', password: DEMO_PASSWORD, role: 'Study user (type 1) in a second tenant, not a company administrator', company: 'Northwind Media' },
];
