// Field rules decided with the identity service (the spec leaves them open, §5).
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,30}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
