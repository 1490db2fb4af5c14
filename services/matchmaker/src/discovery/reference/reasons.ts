/** The failure type of a song the artist must change (its message is what they read): activities throw it, the workflow reads it. */
export const SONG_REJECTED = 'SongRejected';
