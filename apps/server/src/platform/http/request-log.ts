/** The request's URL with a `token` query parameter left out: magic links and the websocket carry secrets there. */
export const withoutToken = (url: string) => url.replace(/([?&]token=)[^&]*/g, '$1[redacted]');
