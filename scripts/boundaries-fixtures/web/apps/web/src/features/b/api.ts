export const bApi = 'b';
