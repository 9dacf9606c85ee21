// Shapes of the /v1.0 payloads the SDK reads (spec D1 §3).
export interface User {
  first_name: string | null;
  last_name: string | null;
  location: string | null;
  job_title: string | null;
  phone_number: string | null;
  email: string | null;
  username: string;
  company_name: string | null;
  company_id: number | string | null;
  user_type_id: number;
  super_user: boolean;
}

export interface Profile {
  first_name: string;
  last_name: string;
  location: string;
  job_title: string;
  phone_number: string;
  email: string;
}
