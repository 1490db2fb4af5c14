/** Which of the top bar's popups is open: shared by the plain buttons and the lazily loaded actions. */
export type TopBarPopup = 'notifications' | 'account';
