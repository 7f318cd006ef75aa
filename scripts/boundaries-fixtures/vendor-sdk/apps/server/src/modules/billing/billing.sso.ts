export const strategy = async () => (await import('openid-client/passport')).Strategy;
