// Field rules decided with the identity service (the spec leaves them open, §5).
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,30}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** A new password's rules: required (saying so in the form's words), then its length. */
export const newPasswordRules = (requiredMessage: string) => [
  { required: true, message: requiredMessage },
  { min: PASSWORD_MIN, max: PASSWORD_MAX, message: `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters` },
];
