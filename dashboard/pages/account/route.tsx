import { GazeElement } from '../GazeElement';
import type { AreaRoute } from '../routes';

// My account: the profile, then the company's privacy settings (issue 41): its retention periods
// and the company-wide respondent data requests (the server answers 403 to anyone but company
// administrators, and the element says so).
function MyAccount() {
  return (
    <>
      <GazeElement tag="gaze-account" />
      <GazeElement tag="gaze-retention-settings" />
      <GazeElement tag="gaze-respondent-data" />
    </>
  );
}

export const routes: AreaRoute[] = [{ path: 'my_account', element: <MyAccount /> }];
