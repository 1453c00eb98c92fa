/** The signed-in patient account behind a request's access token (its sign-in session). */
export type Viewer = {
  accountId: string;
  /** The access (sign-in) session the token belongs to; never a consultation session. */
  accessSessionId: string;
  mobileNo: string;
  tenantId: string;
};
