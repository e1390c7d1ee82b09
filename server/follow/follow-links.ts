/** Where a booking's customer page is (routes/follow.ts), with the token it opens by. */
export const followPath = (id: number, token: string) => `/suivi/${id}?${new URLSearchParams({ token })}`;
